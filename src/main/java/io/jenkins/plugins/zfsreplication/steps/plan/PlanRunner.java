package io.jenkins.plugins.zfsreplication.steps.plan;

import io.jenkins.plugins.zfsreplication.text.TerminalText;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetListingCallable;
import io.jenkins.plugins.zfsreplication.steps.shared.WorkspaceFiles;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;

/**
 * zfsSnapshotPlan as the Pipeline step and the freestyle builder run it: plan on the agent, log, archive.
 *
 * @param targetAgent the node that holds the target's pools; blank: this agent or the settings' ssh host
 */
record PlanRunner(PlanSettings settings, String targetAgent) implements StepRunner {
    private static final long serialVersionUID = 1L;

    @Override
    public Map<String, Object> run(Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener)
            throws IOException, InterruptedException {
        PrintStream log = listener.getLogger();
        workspace.mkdirs();
        ListingText listing = TargetListingCallable.onTargetAgent("zfsSnapshotPlan", targetAgent, settings.host(),
                settings.options().targetRoot(), run);
        if (listing != null) {
            log.printf("zfsSnapshotPlan: target listed on agent %s (%d bytes deflated)%n", targetAgent.strip(),
                    listing.compressedBytes());
        }
        PlanCallable.Summary summary = workspace.act(new PlanCallable(settings, listing));
        summary.log().forEach(line -> log.println("zfsSnapshotPlan: " + TerminalText.line(line)));
        log.println("zfsSnapshotPlan: " + TerminalText.line(summary.summary()));
        List<String> artifacts = List.of("plan.json", "plan.txt");
        WorkspaceFiles.archive(run, workspace, launcher, listener, artifacts);
        ZfsReplicationAction.record(run, summary.record(settings, artifacts));
        return summary.toMap();
    }
}
