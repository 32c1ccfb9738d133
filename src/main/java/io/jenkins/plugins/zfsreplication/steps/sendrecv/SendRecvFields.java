package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import java.io.Serializable;

/**
 * The fields zfsSendRecv and its freestyle builder bind, in one place; both expose them through
 * their own data-bound setters (Stapler binds on the step's own class) and delegate here.
 */
public final class SendRecvFields implements Serializable {
    private static final long serialVersionUID = 1L;
    String plan;
    String transport = "";
    String sshHost = "";
    String sshOptions = "";
    int concurrency; // 0: the system default
    String options = "";
    String compression = "none";
    String buffer = "64M";
    String rateLimit = "0";
    String artifacts = "zfs-transfer";
    String sshCredentialsId = ""; // "": the system default
    String targetAgent = "";
    String tcpAddress = "";
    int tcpPort; // 0: any free ports
    String targetRules = "";
    String prefix = ""; // "": the default naming

    /** The credential for the ssh transport; "" for the agent user's own keys. */
    public String credentialsId(StepDefaults defaults) {
        return defaults.sshCredentialsId(sshCredentialsId);
    }

    SendRecvFields(String plan) {
        this.plan = plan;
    }

    /** The receiving agent (tcp) and the target's rules between steps. */
    SendRecvTarget target() {
        return new SendRecvTarget(targetAgent, tcpAddress, tcpPort, targetRules, prefix);
    }

    /** The settings of a run; fields left empty take {@code defaults}. */
    public SendRecvSettings settings(StepDefaults defaults) {
        return new SendRecvSettings(plan, defaults.transport(transport), sshHost, sshOptions,
                defaults.concurrency(concurrency), options, compression, buffer, rateLimit, artifacts);
    }
}
