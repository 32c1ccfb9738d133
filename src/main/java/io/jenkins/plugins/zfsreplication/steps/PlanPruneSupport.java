package io.jenkins.plugins.zfsreplication.steps;

import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import jenkins.util.BuildListenerAdapter;

/** What the plan and prune steps and builders share: run on the agent, log, archive. */
final class PlanPruneSupport {
    private PlanPruneSupport() {
    }

    static PlanCallable.Summary plan(PlanSettings settings, Run<?, ?> run, FilePath workspace, Launcher launcher,
                                     TaskListener listener) throws IOException, InterruptedException {
        PrintStream log = listener.getLogger();
        workspace.mkdirs();
        PlanCallable.Summary summary = workspace.act(new PlanCallable(settings));
        summary.log().forEach(line -> log.println("zfsSnapshotPlan: " + line));
        log.println("zfsSnapshotPlan: " + summary.summary());
        List<String> artifacts = List.of("plan.json", "plan.txt");
        archive(run, workspace, launcher, listener, artifacts);
        ZfsReplicationAction.record(run, new PlanRecord(settings, summary, artifacts));
        return summary;
    }

    static PruneCallable.Summary prune(PruneSettings settings, Run<?, ?> run, FilePath workspace, Launcher launcher,
                                       TaskListener listener) throws IOException, InterruptedException {
        PrintStream log = listener.getLogger();
        PruneCallable.Summary summary = workspace.act(new PruneCallable(settings));
        summary.log().forEach(line -> log.println("zfsPrune: " + line));
        summary.summary().lines().forEach(line -> log.println("zfsPrune: " + line));
        String folder = settings.planFile().contains("/")
                ? settings.planFile().substring(0, settings.planFile().lastIndexOf('/') + 1) : "";
        List<String> artifacts = List.of(folder + "plan.json", folder + "plan.txt", folder + "prune-report.json");
        archive(run, workspace, launcher, listener, artifacts);
        ZfsReplicationAction.record(run, new PruneRecord(summary, artifacts));
        if (summary.failed()) {
            throw new AbortException("zfsPrune: some snapshots could not be destroyed; see prune-report.json");
        }
        return summary;
    }

    private static void archive(Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener,
                                List<String> files) throws IOException, InterruptedException {
        // names come from the settings, not from what the agent returned (agents are not trusted)
        Map<String, String> artifacts = new LinkedHashMap<>();
        files.forEach(file -> artifacts.put(file, file));
        run.pickArtifactManager().archive(workspace, launcher, BuildListenerAdapter.wrap(listener), artifacts);
    }
}
