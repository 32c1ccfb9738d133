package io.jenkins.plugins.zfsreplication.steps.plan;

import io.jenkins.plugins.zfsreplication.text.TerminalText;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Result;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.steps.shared.SshKey;
import io.jenkins.plugins.zfsreplication.steps.shared.AgentCall;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetListingCallable;
import io.jenkins.plugins.zfsreplication.steps.shared.WorkspaceFiles;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;

/**
 * zfsSnapshotPlan as the Pipeline step and the freestyle builder run it: plan on the agent, log, archive.
 *
 * @param targetAgent   the node that holds the target's pools; blank: this agent or the settings' ssh host
 * @param credentialsId pulling: an "SSH Username with private key" credential for the source host (the id
 *                      only: the key is looked up when the step runs); "" for the agent user's own keys
 * @param failOnProblems a diverged or refused dataset fails the build (after the artifacts are archived); without
 *                       it the build is UNSTABLE
 */
public record PlanRunner(PlanSettings settings, String targetAgent, String credentialsId, boolean failOnProblems)
        implements StepRunner {
    private static final long serialVersionUID = 1L;

    public PlanRunner {
        // pulling plans for this agent's pools: a target elsewhere would make a plan zfsSendRecv cannot pull
        if (settings.sourceDestination() != null && targetAgent != null && !targetAgent.isBlank()) {
            throw new IllegalArgumentException("zfsSnapshotPlan: sourceHost pulls to the agent the step runs on, "
                    + "whose pools are the target; targetAgent '" + targetAgent.strip() + "' names another: give one "
                    + "of them");
        }
    }

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
        SshKey sourceKey = null;
        if (settings.sourceDestination() != null) {
            sourceKey = SshKey.lookUp("zfsSnapshotPlan", credentialsId, run, SshKey.hostName(settings.sourceDestination()));
            log.printf("zfsSnapshotPlan: pulling: the source is listed%s on %s over ssh%n",
                    settings.snapshotNow() ? " and snapshotted" : "", settings.sourceDestination());
        }
        // aborted, its zfs command is killed and it fails; one that had ended is recorded, then the step ends
        AgentCall.Answer<PlanCallable.Summary> answer = AgentCall.act("zfsSnapshotPlan", workspace,
                new PlanCallable(settings, listing, sourceKey), listener);
        PlanCallable.Summary summary = answer.value();
        summary.log().forEach(line -> log.println("zfsSnapshotPlan: " + TerminalText.line(line)));
        log.println("zfsSnapshotPlan: " + TerminalText.line(summary.summary()));
        List<String> artifacts = List.of("plan.json", "plan.txt");
        WorkspaceFiles.archive(run, workspace, launcher, listener, artifacts);
        ZfsReplicationAction.record(run, summary.record(settings, artifacts));
        answer.endIfAborted("zfsSnapshotPlan was aborted after it had planned");
        if (summary.targetUnreadable() != null) {
            // plan.json is archived (it sends and prunes nothing); the build fails where people look
            throw new hudson.AbortException("zfsSnapshotPlan: " + String.format(
                    io.jenkins.plugins.zfsreplication.plan.Planner.UNREADABLE, summary.targetUnreadable()));
        }
        flagProblems(run, summary, log);
        return summary.toMap();
    }

    /**
     * Datasets that need attention (diverged, refused, a bad property value or name; never those the
     * backup's owner excluded) need a person: one log line each, then UNSTABLE, or a failed build with
     * failOnProblems.
     */
    private void flagProblems(Run<?, ?> run, PlanCallable.Summary summary, PrintStream log) throws AbortException {
        Result result = result(summary);
        if (result == null) {
            return;
        }
        attentionLines(summary).forEach(log::println);
        if (failOnProblems) {
            throw new AbortException("zfsSnapshotPlan: " + summary.problems() + " dataset(s) need attention (failOnProblems); plan.txt says why");
        }
        log.println("zfsSnapshotPlan: marking the build UNSTABLE: " + summary.problems()
                + " dataset(s) need attention; plan.txt says why");
        run.setResult(result);
    }

    /** The result a plan gives its build without failOnProblems: UNSTABLE when a dataset needs attention, else null. */
    static Result result(PlanCallable.Summary summary) {
        return summary.problems() == 0 ? null : Result.UNSTABLE;
    }

    /** One build log line per dataset that needs attention, with why. */
    static List<String> attentionLines(PlanCallable.Summary summary) {
        return summary.problemDatasets().stream().map(line -> "zfsSnapshotPlan: "
                + DatasetOutcome.ATTENTION.description() + ": " + TerminalText.line(line)).toList();
    }

    /** Marks the stage of a plan that left datasets needing attention (the build is UNSTABLE for them). */
    @Override
    public String warning(Map<String, Object> value) {
        Object problems = value.get("problems");
        return problems instanceof Integer count && count > 0
                ? "zfsSnapshotPlan: " + count + " dataset(s) need attention; plan.txt says why" : null;
    }
}
