package io.jenkins.plugins.zfsreplication.steps.prune;

import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.plan.TargetScope;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetRoots;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.prune.PruneReportJson;
import io.jenkins.plugins.zfsreplication.steps.shared.AgentCall;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetAgent;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetListingCallable;
import io.jenkins.plugins.zfsreplication.steps.shared.WorkspaceFiles;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;

/**
 * zfsPrune as the Pipeline step and the freestyle builder run it: prune on the agent, log, archive.
 *
 * @param targetAgent the node that holds the target's pools; blank: as the plan names the target host
 * @param targetRoot  with targetAgent: the dataset there that plan.json and the prune report may touch
 */
public record PruneRunner(PruneSettings settings, String targetAgent, String targetRoot) implements StepRunner {
    private static final long serialVersionUID = 1L;

    @Override
    public Map<String, Object> run(Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener)
            throws IOException, InterruptedException {
        PrintStream log = listener.getLogger();
        String folder = settings.planFile().contains("/")
                ? settings.planFile().substring(0, settings.planFile().lastIndexOf('/') + 1) : "";
        TargetScope scope = TargetRoots.scope("zfsPrune", targetAgent, targetRoot);
        TargetAgent agent = TargetAgent.of("zfsPrune", targetAgent, run);
        AgentCall.Answer<PruneCallable.Summary> answer = agent == null
                ? AgentCall.act("zfsPrune", workspace, new PruneCallable(settings), listener)
                : pruneWithTargetAgent(agent, scope, workspace, folder, listener);
        PruneCallable.Summary summary = answer.value();
        summary.log().forEach(line -> log.println("zfsPrune: " + TerminalText.line(line)));
        summary.summary().lines().forEach(line -> log.println("zfsPrune: " + TerminalText.line(line)));
        List<String> artifacts = List.of(folder + "plan.json", folder + "plan.txt", folder + "prune-report.json");
        WorkspaceFiles.archive(run, workspace, launcher, listener, artifacts);
        ZfsReplicationAction.record(run, summary.record(artifacts, answer.aborted()));
        answer.endIfAborted("zfsPrune was aborted: no destroy was cut halfway; prune-report.json says which "
                + "snapshots were destroyed and which not");
        if (summary.failed()) {
            throw new AbortException("zfsPrune: some snapshots could not be destroyed; see prune-report.json");
        }
        return summary.toMap();
    }

    /**
     * The target listed on its agent, the decisions made (and the source's destroys done) on the
     * source's agent, the target's destroys done on the target's agent; prune-report.json then
     * rewritten with what the target really destroyed.
     */
    private AgentCall.Answer<PruneCallable.Summary> pruneWithTargetAgent(TargetAgent agent, TargetScope scope,
            FilePath workspace, String folder, TaskListener listener) throws IOException, InterruptedException {
        String planJson = TargetRoots.checkPlan(scope, WorkspaceFiles.readPlan(workspace.child(settings.planFile())),
                settings.planFile());
        ListingText listing = agent.channel().call(TargetListingCallable.forPrune("zfsPrune", agent.host(), planJson));
        AgentCall.Answer<PruneCallable.Summary> decided = AgentCall.act("zfsPrune", workspace,
                new PruneCallable(settings, listing), listener);
        PruneCallable.Summary summary = decided.value();
        if (decided.aborted() || !settings.destroy() || summary.report().toDestroy(io.jenkins.plugins.zfsreplication.prune.CandidateSide.TARGET).isEmpty()) {
            return decided; // aborted: the target's destroys are not begun, the report says so
        }
        // what the target's agent may destroy is decided by this step's settings, never by the source's report
        AgentCall.Answer<TargetDestroyCallable.Result> destroyed = AgentCall.call("zfsPrune", agent.root(),
                new TargetDestroyCallable(TargetRoots.checkReport(scope, summary.report()),
                        settings.options(java.time.Instant.now()).naming().prefix(), summary.bases(),
                        settings.targetRules()), listener);
        TargetDestroyCallable.Result done = destroyed.value();
        workspace.child(folder + "prune-report.json").write(PruneReportJson.write(done.report()), "UTF-8");
        List<String> lines = new ArrayList<>(summary.log());
        done.log().forEach(line -> lines.add("on agent " + agent.name() + ": " + line));
        return new AgentCall.Answer<>(PruneCallable.Summary.of(done.report(), lines), destroyed.aborted());
    }
}
