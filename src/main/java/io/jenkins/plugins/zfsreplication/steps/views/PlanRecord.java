package io.jenkins.plugins.zfsreplication.steps.views;

import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.plan.PlanText;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What one zfsSnapshotPlan run planned, made from the summary the agent returned. Builds saved before
 * the plan accounted for every dataset have no {@code outcomes} and {@code attention} (XStream leaves
 * them null): their page shows the counts they kept.
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
    /** How many datasets came out each way, every outcome once in the enum's order; null in older builds. */
    private final ArrayList<OutcomeCount> outcomes;
    /** Each dataset that needs attention: {@code dataset: reason}; null in older builds. */
    private final ArrayList<String> attention;

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
        this.outcomes = new ArrayList<>();
        for (DatasetOutcome outcome : DatasetOutcome.values()) {
            outcomes.add(new OutcomeCount(outcome, (int) DatasetAccount.count(accounts, outcome)));
        }
        this.attention = new ArrayList<>();
        accounts.stream().filter(account -> account.outcome() == DatasetOutcome.ATTENTION)
                .forEach(account -> attention.add(account.dataset() + ": " + account.reason()));
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
        return outcomes != null;
    }

    /** How many datasets came out so; 0 in a build that kept no outcomes. */
    public int count(DatasetOutcome outcome) {
        if (outcomes == null) {
            return 0;
        }
        return outcomes.stream().filter(o -> o.getOutcome() == outcome).mapToInt(OutcomeCount::getCount).sum();
    }

    /** The counts as plan.txt words them ("1 to send, 2 already current, ..."); null in older builds. */
    public String getAccounting() {
        return outcomes == null ? null : PlanText.accounting(this::count);
    }

    /** Each dataset that needs attention with why, as {@code dataset: reason}; empty in older builds. */
    public List<String> getAttention() {
        return attention == null ? List.of() : Collections.unmodifiableList(attention);
    }

    @Override
    public List<String> getArtifacts() {
        return Collections.unmodifiableList(artifacts);
    }
}
