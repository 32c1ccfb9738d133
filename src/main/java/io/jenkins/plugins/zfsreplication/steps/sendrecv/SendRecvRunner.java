package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import java.io.IOException;
import java.util.Map;

import com.cloudbees.jenkins.plugins.sshcredentials.SSHUserPrivateKey;
import com.cloudbees.plugins.credentials.CredentialsProvider;
import com.cloudbees.plugins.credentials.domains.HostnameRequirement;
import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.util.Secret;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetRoots;
import io.jenkins.plugins.zfsreplication.steps.shared.WorkspaceFiles;

/**
 * zfsSendRecv as the Pipeline step and the freestyle builder run it: send on the agent (and, over
 * tcp, receive on the target's), archive, fail with the reason.
 *
 * @param credentialsId an "SSH Username with private key" credential for the ssh transport (the id only:
 *                      the key is looked up when the step runs); "" for none
 * @param targetRoot    with a target agent: the dataset there that plan.json may receive into
 */
record SendRecvRunner(SendRecvSettings settings, String credentialsId, SendRecvTarget target, String targetRoot)
        implements StepRunner {
    private static final long serialVersionUID = 1L;

    @Override
    public Map<String, Object> run(Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener)
            throws IOException, InterruptedException {
        listener.getLogger().printf("zfsSendRecv: %s over %s, %d at once%n", settings.plan(), settings.transport(),
                settings.options().concurrency());
        if (!target.agent().isEmpty() && !"tcp".equals(settings.transport())) {
            throw new AbortException("zfsSendRecv: targetAgent is for transport 'tcp'; with '" + settings.transport()
                    + "' the target is " + ("ssh".equals(settings.transport()) ? "sshHost" : "this agent's pools"));
        }
        SshKey key = "ssh".equals(settings.transport()) ? key(credentialsId, run, settings.sshHostName()) : null;
        SendRecvSummary summary = ("tcp".equals(settings.transport())
                ? TcpSendRecv.run(settings, target, TargetRoots.scope("zfsSendRecv", target.agent(), targetRoot), workspace,
                        run, listener)
                : workspace.act(new SendRecvCallable(settings, listener, key, target))).archiving(settings);
        WorkspaceFiles.archive(run, workspace, launcher, listener, summary.artifacts());
        ZfsReplicationAction.record(run, summary.record(settings));
        if (!summary.succeeded()) {
            throw new AbortException(String.format("zfsSendRecv: %d of %d steps failed%s: %s", summary.failedSteps(),
                    summary.steps(), summary.cancelled() ? " (cancelled)" : "", summary.firstError()));
        }
        listener.getLogger().printf("zfsSendRecv: %d steps, %d bytes%n", summary.steps(), summary.bytes());
        return summary.toMap();
    }

    /**
     * Resolved at run time, as the build's identity may use it (never logged, only its id), and only
     * a credential whose domain admits {@code host}: a key restricted to other hosts is not sent there.
     */
    private static SshKey key(String credentialsId, Run<?, ?> run, String host) throws AbortException {
        if (credentialsId == null || credentialsId.isBlank()) {
            return null;
        }
        SSHUserPrivateKey credential = CredentialsProvider.findCredentialById(credentialsId, SSHUserPrivateKey.class, run,
                new HostnameRequirement(host));
        if (credential == null) {
            throw new AbortException(String.format("zfsSendRecv: no 'SSH Username with private key' credential with id "
                    + "'%s' that this build may use for host '%s': add it under Manage Jenkins » Credentials (in a domain "
                    + "that admits the host) or fix sshCredentialsId", credentialsId, host));
        }
        Secret passphrase = credential.getPassphrase();
        if (passphrase != null && !passphrase.getPlainText().isEmpty() || credential.getPrivateKeys().isEmpty()) {
            throw new AbortException(String.format("zfsSendRecv: credential '%s' needs a single private key without "
                    + "passphrase (ssh on the agent runs unattended)", credentialsId));
        }
        return new SshKey(credential.getUsername(), credential.getPrivateKeys().get(0));
    }
}
