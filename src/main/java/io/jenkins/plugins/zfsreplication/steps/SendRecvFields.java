package io.jenkins.plugins.zfsreplication.steps;

import java.io.Serializable;

/**
 * The fields zfsSendRecv and its freestyle builder bind, in one place; both expose them through
 * their own data-bound setters (Stapler binds on the step's own class) and delegate here.
 */
final class SendRecvFields implements Serializable {
    private static final long serialVersionUID = 1L;
    String plan;
    String transport = "local";
    String sshHost = "";
    String sshOptions = "";
    int concurrency = 1;
    String options = "";
    String compression = "none";
    String buffer = "64M";
    String rateLimit = "0";
    String artifacts = "zfs-transfer";

    SendRecvFields(String plan) {
        this.plan = plan;
    }

    SendRecvSettings settings() {
        return new SendRecvSettings(plan, transport, sshHost, sshOptions, concurrency, options, compression, buffer,
                rateLimit, artifacts);
    }
}
