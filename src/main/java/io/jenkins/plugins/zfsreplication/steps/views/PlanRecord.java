package io.jenkins.plugins.zfsreplication.steps.views;

import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.plan.PlanText;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What one zfsSnapshotPlan run planned, made from the summary the agent returned. Builds saved before
 * the plan accounted for every dataset have no {@code tally} (XStream leaves it null): their page
 * shows the counts they kept.
 */
public final class PlanRecord implements StepRecord {
    private static final long serialVersionUID = 1L;
    private final String sources;
    private final int datasets;
    private final int toSend;
    private final int upToDate;
    private final int skipped;
    private final int problems;
    private final int steps;
    private final List<String> artifacts;
    /** Every dataset by outcome, those that need attention named; null in older builds. */
    private final OutcomeTally tally;

    /**
     * @param datasets the datasets planned (the refused names are only in {@code accounts})
     * @param skipped  of those, the ones excluded or skipped
     * @param accounts every dataset of the selection with its outcome, refused names included
     */
    public PlanRecord(String sources, int datasets, int skipped, int steps, List<DatasetAccount> accounts,
                      List<String> artifacts) {
        this.sources = sources;
        this.datasets = datasets;
        this.toSend = (int) DatasetAccount.count(accounts, DatasetOutcome.SENT);
        this.upToDate = (int) DatasetAccount.count(accounts, DatasetOutcome.CURRENT);
        this.skipped = skipped;
        this.problems = (int) DatasetAccount.count(accounts, DatasetOutcome.ATTENTION);
        this.steps = steps;
        this.artifacts = new ArrayList<>(artifacts);
        this.tally = new OutcomeTally(accounts);
    }

    public String getSources() { return sources; }
    public int getDatasets() { return datasets; }
    public int getToSend() { return toSend; }
    public int getUpToDate() { return upToDate; }
    public int getSkipped() { return skipped; }
    public int getProblems() { return problems; }
    public int getSteps() { return steps; }

    /** True when the run accounted for every dataset by its outcome (builds of older versions did not). */
    public boolean isAccounted() {
        return tally != null;
    }

    /** How many datasets came out so; 0 in a build that kept no outcomes. */
    public int count(DatasetOutcome outcome) {
        return tally == null ? 0 : tally.count(outcome);
    }

    /** The counts as plan.txt words them ("1 to send, 2 already current, ..."); null in older builds. */
    public String getAccounting() {
        return tally == null ? null : PlanText.accounting(tally::count);
    }

    /** Each dataset that needs attention with why, as {@code dataset: reason}; empty in older builds. */
    public List<String> getAttention() {
        return tally == null ? List.of() : tally.getNeedingAPerson();
    }

    @Override
    public List<String> getArtifacts() {
        return Collections.unmodifiableList(artifacts);
    }
}
