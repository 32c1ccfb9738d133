package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import java.io.IOException;
import java.util.Map;

import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.steps.shared.AgentCall;
import io.jenkins.plugins.zfsreplication.steps.shared.SshKey;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetRoots;
import io.jenkins.plugins.zfsreplication.steps.shared.WorkspaceFiles;

/**
 * zfsSendRecv as the Pipeline step and the freestyle builder run it: send on the agent (and, over
 * tcp, receive on the target's), archive, fail with the reason. Aborted, it archives and records
 * what the agent's cancelled run wrote before the step ends.
 *
 * @param credentialsId an "SSH Username with private key" credential for the ssh transport or, pulling, for
 *                      the source host (the id only:
 *                      the key is looked up when the step runs); "" for none
 * @param targetRoot    with a target agent: the dataset there that plan.json may receive into
 */
public record SendRecvRunner(SendRecvSettings settings, String credentialsId, SendRecvTarget target, String targetRoot)
        implements StepRunner {
    private static final long serialVersionUID = 1L;

    public SendRecvRunner {
        if (settings.pulls() && !target.agent().isEmpty()) {
            throw new IllegalArgumentException("zfsSendRecv: sourceHost pulls to this agent; targetAgent '"
                    + target.agent() + "' is for transport 'tcp' from this agent: give one of them");
        }
    }

    @Override
    public Map<String, Object> run(Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener)
            throws IOException, InterruptedException {
        listener.getLogger().printf("zfsSendRecv: %s over %s, %d at once%n", settings.plan(), settings.transport(),
                settings.options().concurrency());
        if (!target.agent().isEmpty() && !"tcp".equals(settings.transport())) {
            throw new AbortException("zfsSendRecv: targetAgent is for transport 'tcp'; with '" + settings.transport()
                    + "' the target is " + ("ssh".equals(settings.transport()) ? "sshHost" : "this agent's pools"));
        }
        SshKey key = settings.pulls() ? SshKey.lookUp("zfsSendRecv", credentialsId, run, settings.sourceHostName())
                : "ssh".equals(settings.transport())
                ? SshKey.lookUp("zfsSendRecv", credentialsId, run, settings.sshHostName()) : null;
        if (settings.pulls()) {
            listener.getLogger().printf("zfsSendRecv: pulling: zfs send runs on %s over ssh, zfs recv on this agent%n",
                    settings.sourceHost());
        }
        AgentCall.Answer<SendRecvSummary> answer = "tcp".equals(settings.transport())
                ? TcpSendRecv.run(settings, target, TargetRoots.scope("zfsSendRecv", target.agent(), targetRoot), workspace,
                        run, listener)
                : AgentCall.act("zfsSendRecv", workspace, new SendRecvCallable(settings, listener, key, target), listener);
        SendRecvSummary summary = answer.value().archiving(settings);
        WorkspaceFiles.archive(run, workspace, launcher, listener, summary.artifacts());
        ZfsReplicationAction.record(run, summary.record(settings, answer.aborted()));
        answer.endIfAborted("zfsSendRecv was aborted: every pipeline process was ended; " + settings.artifacts()
                + "/transfer.json records which steps were done and which cancelled or not run");
        if (!summary.succeeded()) {
            throw new AbortException(String.format("zfsSendRecv: %d of %d steps failed%s: %s", summary.failedSteps(),
                    summary.steps(), summary.cancelled() ? " (cancelled)" : "", summary.firstError()));
        }
        listener.getLogger().printf("zfsSendRecv: %d steps, %d bytes%n", summary.steps(), summary.bytes());
        return summary.toMap();
    }
}
