package io.jenkins.plugins.zfsreplication.steps.views;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What one zfsSnapshotPlan run planned, made from the summary the agent returned. */
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

    public PlanRecord(String sources, int datasets, int toSend, int upToDate, int skipped, int problems, int steps,
                      List<String> artifacts) {
        this.sources = sources;
        this.datasets = datasets;
        this.toSend = toSend;
        this.upToDate = upToDate;
        this.skipped = skipped;
        this.problems = problems;
        this.steps = steps;
        this.artifacts = new ArrayList<>(artifacts);
    }

    public String getSources() { return sources; }
    public int getDatasets() { return datasets; }
    public int getToSend() { return toSend; }
    public int getUpToDate() { return upToDate; }
    public int getSkipped() { return skipped; }
    public int getProblems() { return problems; }
    public int getSteps() { return steps; }

    @Override
    public List<String> getArtifacts() {
        return Collections.unmodifiableList(artifacts);
    }
}
