package io.jenkins.plugins.zfsreplication.steps.prune;

import io.jenkins.plugins.zfsreplication.steps.plan.PlanCallable;
import io.jenkins.plugins.zfsreplication.steps.plan.PlanSettings;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetAgent;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetListingCallable;
import io.jenkins.plugins.zfsreplication.steps.views.PlanRecord;
import io.jenkins.plugins.zfsreplication.steps.views.PruneRecord;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.prune.PruneReportJson;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;
import jenkins.util.BuildListenerAdapter;

/** What the plan and prune steps and builders share: run on the agent, log, archive. */
public final class PlanPruneSupport {
    private PlanPruneSupport() {
    }

    /** @param targetAgent the node that holds the target's pools; blank: this agent or settings' ssh host */
    public static PlanCallable.Summary plan(PlanSettings settings, String targetAgent, Run<?, ?> run, FilePath workspace,
                                     Launcher launcher, TaskListener listener) throws IOException, InterruptedException {
        PrintStream log = listener.getLogger();
        workspace.mkdirs();
        TargetAgent agent = TargetAgent.of("zfsSnapshotPlan", targetAgent);
        ListingText listing = null;
        if (agent != null) {
            if (settings.host() != null) {
                throw new AbortException("zfsSnapshotPlan: give targetHost (ssh) or targetAgent, not both");
            }
            listing = agent.channel().call(TargetListingCallable.forPlan(agent.host(), settings.options().targetRoot()));
            log.printf("zfsSnapshotPlan: target listed on agent %s (%d bytes deflated)%n", agent.name(),
                    listing.compressedBytes());
        }
        PlanCallable.Summary summary = workspace.act(new PlanCallable(settings, listing));
        summary.log().forEach(line -> log.println("zfsSnapshotPlan: " + line));
        log.println("zfsSnapshotPlan: " + summary.summary());
        List<String> artifacts = List.of("plan.json", "plan.txt");
        archive(run, workspace, launcher, listener, artifacts);
        ZfsReplicationAction.record(run, new PlanRecord(settings, summary, artifacts));
        return summary;
    }

    /** @param targetAgent the node that holds the target's pools; blank: as the plan names the target host */
    static PruneCallable.Summary prune(PruneSettings settings, String targetAgent, Run<?, ?> run, FilePath workspace,
                                       Launcher launcher, TaskListener listener) throws IOException, InterruptedException {
        PrintStream log = listener.getLogger();
        String folder = settings.planFile().contains("/")
                ? settings.planFile().substring(0, settings.planFile().lastIndexOf('/') + 1) : "";
        TargetAgent agent = TargetAgent.of("zfsPrune", targetAgent);
        PruneCallable.Summary summary;
        if (agent == null) {
            summary = workspace.act(new PruneCallable(settings));
        } else {
            summary = pruneWithTargetAgent(settings, agent, workspace, folder);
        }
        summary.log().forEach(line -> log.println("zfsPrune: " + line));
        summary.summary().lines().forEach(line -> log.println("zfsPrune: " + line));
        List<String> artifacts = List.of(folder + "plan.json", folder + "plan.txt", folder + "prune-report.json");
        archive(run, workspace, launcher, listener, artifacts);
        ZfsReplicationAction.record(run, new PruneRecord(summary, artifacts));
        if (summary.failed()) {
            throw new AbortException("zfsPrune: some snapshots could not be destroyed; see prune-report.json");
        }
        return summary;
    }

    /**
     * The target listed on its agent, the decisions made (and the source's destroys done) on the
     * source's agent, the target's destroys done on the target's agent; prune-report.json then
     * rewritten with what the target really destroyed.
     */
    private static PruneCallable.Summary pruneWithTargetAgent(PruneSettings settings, TargetAgent agent,
                                                              FilePath workspace, String folder)
            throws IOException, InterruptedException {
        String planJson = readPlan(workspace.child(settings.planFile()));
        ListingText listing = agent.channel().call(TargetListingCallable.forPrune("zfsPrune", agent.host(), planJson));
        PruneCallable.Summary summary = workspace.act(new PruneCallable(settings, listing));
        if (!settings.destroy() || summary.report().toDestroy("target").isEmpty()) {
            return summary;
        }
        TargetDestroyCallable.Result done = agent.channel().call(new TargetDestroyCallable(summary.report(),
                settings.options(java.time.Instant.now()).naming().prefix()));
        workspace.child(folder + "prune-report.json").write(PruneReportJson.write(done.report()), "UTF-8");
        List<String> lines = new ArrayList<>(summary.log());
        done.log().forEach(line -> lines.add("on agent " + agent.name() + ": " + line));
        return PruneCallable.Summary.of(done.report(), lines);
    }

    public static String readPlan(FilePath plan) throws IOException, InterruptedException {
        if (!plan.exists()) {
            throw new AbortException("No plan at " + plan.getRemote() + ": run zfsSnapshotPlan first or fix 'plan'");
        }
        try (InputStream in = plan.read()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void archive(Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener,
                                List<String> files) throws IOException, InterruptedException {
        // names come from the settings, not from what the agent returned (agents are not trusted)
        Map<String, String> artifacts = new LinkedHashMap<>();
        files.forEach(file -> artifacts.put(file, file));
        run.pickArtifactManager().archive(workspace, launcher, BuildListenerAdapter.wrap(listener), artifacts);
    }
}
