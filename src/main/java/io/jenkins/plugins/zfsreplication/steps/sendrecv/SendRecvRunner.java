package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import java.io.IOException;
import java.util.List;
import java.util.Map;

import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Result;
import hudson.model.Run;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.topology.Carriage;
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
        if (!target.agent().isEmpty() && settings.carriage() != Carriage.TCP) {
            throw new AbortException("zfsSendRecv: targetAgent is for transport 'tcp'; with '" + settings.transport()
                    + "' the target is " + (settings.carriage() == Carriage.SSH ? "sshHost" : "this agent's pools"));
        }
        SshKey key = settings.sshDestination().isEmpty() ? null
                : SshKey.lookUp("zfsSendRecv", credentialsId, run, SshKey.hostName(settings.sshDestination()));
        if (settings.pulls()) {
            listener.getLogger().printf("zfsSendRecv: pulling: zfs send runs on %s over ssh, zfs recv on this agent%n",
                    settings.sourceHost());
        }
        AgentCall.Answer<SendRecvSummary> answer = settings.carriage() == Carriage.TCP
                ? TcpSendRecv.run(settings, target, TargetRoots.scope("zfsSendRecv", target.agent(), targetRoot), workspace,
                        run, listener)
                : AgentCall.act("zfsSendRecv", workspace, new SendRecvCallable(settings, listener, key, target), listener);
        SendRecvSummary summary = answer.value().archiving(settings);
        WorkspaceFiles.archive(run, workspace, launcher, listener, summary.artifacts());
        ZfsReplicationAction.record(run, summary.record(settings, answer.aborted()));
        answer.endIfAborted("zfsSendRecv was aborted: every pipeline process was ended; " + settings.artifacts()
                + "/transfer.json records which steps were done and which cancelled or not run");
        if (!summary.succeeded()) {
            throw new AbortException(String.format("zfsSendRecv: %d of %d steps failed%s: %s",
                    summary.counts().failedSteps(), summary.counts().steps(), summary.cancelled() ? " (cancelled)" : "",
                    summary.firstError()));
        }
        listener.getLogger().printf("zfsSendRecv: %d steps, %d bytes%n", summary.counts().steps(),
                summary.counts().bytes());
        if (result(summary) != null) {
            attentionLines(summary).forEach(listener.getLogger()::println);
            listener.getLogger().println("zfsSendRecv: marking the build UNSTABLE: " + summary.attention().size()
                    + " dataset(s) of the plan need attention; plan.txt says why");
            run.setResult(result(summary));
        }
        return summary.toMap();
    }

    /**
     * The result a run that succeeded gives its build: UNSTABLE when a dataset of its plan needs attention
     * (not sent, and nobody chose that), else null; one the backup host excluded never counts.
     */
    static Result result(SendRecvSummary summary) {
        return summary.attention().isEmpty() ? null : Result.UNSTABLE;
    }

    /** One build log line per dataset of the plan that needs attention, with why. */
    static List<String> attentionLines(SendRecvSummary summary) {
        return summary.attention().stream().map(account -> "zfsSendRecv: " + DatasetOutcome.ATTENTION.description()
                + ": " + TerminalText.line(account.dataset() + ": " + account.reason())).toList();
    }

    /** Marks the stage of a run whose plan left datasets needing attention (the build is UNSTABLE for them). */
    @Override
    public String warning(Map<String, Object> value) {
        return value.get("outcomes") instanceof Map<?, ?> outcomes
                && outcomes.get(DatasetOutcome.ATTENTION.jsonName()) instanceof Integer count && count > 0
                ? "zfsSendRecv: " + count + " dataset(s) of the plan need attention; plan.txt says why" : null;
    }
}
