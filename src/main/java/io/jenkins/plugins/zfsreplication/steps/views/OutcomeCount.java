package io.jenkins.plugins.zfsreplication.steps.views;

import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import java.io.Serializable;

/** How many datasets of one step came out one way, as the build page keeps it (a plain class: see {@link StepRecord}). */
public final class OutcomeCount implements Serializable {
    private static final long serialVersionUID = 1L;
    private final DatasetOutcome outcome;
    private final int count;

    public OutcomeCount(DatasetOutcome outcome, int count) {
        this.outcome = outcome;
        this.count = count;
    }

    public DatasetOutcome getOutcome() { return outcome; }
    public int getCount() { return count; }
}
