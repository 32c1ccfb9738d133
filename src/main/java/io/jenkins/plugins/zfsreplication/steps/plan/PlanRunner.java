package io.jenkins.plugins.zfsreplication.steps.plan;

import io.jenkins.plugins.zfsreplication.text.TerminalText;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

import hudson.AbortException;
import hudson.model.Result;
import hudson.model.Run;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionSettings;
import io.jenkins.plugins.zfsreplication.steps.shared.SshKey;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.plan.Planner;
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
        implements SelectionRunner<PlanCallable.Summary> {
    private static final long serialVersionUID = 1L;
    private static final List<String> ARTIFACTS = List.of("plan.json", "plan.txt");

    public PlanRunner {
        // pulling plans for this agent's pools: a target elsewhere would make a plan zfsSendRecv cannot pull
        SelectionSettings.checkTargetAgent("zfsSnapshotPlan", PlanSettings.PULLING, settings, targetAgent);
    }

    @Override
    public Names names() {
        return new Names("zfsSnapshotPlan", settings.snapshotNow() ? "listed and snapshotted" : "listed", "planned",
                ARTIFACTS);
    }

    @Override
    public PlanCallable work(ListingText targetListing, SshKey sourceKey) {
        return new PlanCallable(settings, targetListing, sourceKey);
    }

    @Override
    public Map<String, Object> finish(Run<?, ?> run, PlanCallable.Summary summary, PrintStream log)
            throws AbortException {
        if (summary.targetUnreadable() != null) {
            // plan.json is archived (it sends and prunes nothing); the build fails where people look
            throw new AbortException("zfsSnapshotPlan: " + String.format(Planner.UNREADABLE, summary.targetUnreadable()));
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
