package io.jenkins.plugins.zfsreplication.steps;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import jenkins.util.BuildListenerAdapter;

/** What the Pipeline step and the freestyle builder share: run on the agent, archive, fail with the reason. */
final class SendRecvRunner {
    private SendRecvRunner() {
    }

    static SendRecvSummary run(SendRecvSettings settings, Run<?, ?> run, FilePath workspace, Launcher launcher,
                               TaskListener listener) throws IOException, InterruptedException {
        listener.getLogger().printf("zfsSendRecv: %s over %s, %d at once%n", settings.plan(), settings.transport(),
                settings.concurrency());
        SendRecvSummary summary = workspace.act(new SendRecvCallable(settings, listener));
        Map<String, String> artifacts = new LinkedHashMap<>();
        summary.artifacts().forEach(path -> artifacts.put(path, path));
        if (!artifacts.isEmpty()) {
            run.pickArtifactManager().archive(workspace, launcher, BuildListenerAdapter.wrap(listener), artifacts);
        }
        ZfsReplicationAction.record(run, new SendRecvRecord(settings, summary));
        if (!summary.succeeded()) {
            throw new AbortException(String.format("zfsSendRecv: %d of %d steps failed%s: %s", summary.failedSteps(),
                    summary.steps(), summary.cancelled() ? " (cancelled)" : "", summary.firstError()));
        }
        listener.getLogger().printf("zfsSendRecv: %d steps, %d bytes%n", summary.steps(), summary.bytes());
        return summary;
    }
}
