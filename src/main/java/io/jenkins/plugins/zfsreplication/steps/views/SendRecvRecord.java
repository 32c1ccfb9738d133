package io.jenkins.plugins.zfsreplication.steps.views;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What one zfsSendRecv run did, made from the summary the agent returned ({@code SendRecvSummary.record}). */
public final class SendRecvRecord implements StepRecord {
    private static final long serialVersionUID = 1L;
    private final String plan;
    private final String transport;
    private final boolean succeeded;
    private final int datasets;
    private final int steps;
    private final int skippedSteps;
    private final int failedSteps;
    private final long bytes;
    private final double seconds;
    private final String error;
    private final List<String> artifacts;
    /** The build was aborted while the transfer ran: it was cancelled where the error says. */
    private final boolean aborted;
    /** Every dataset of the plan by its outcome after the run; null in builds older than the accounting. */
    private final OutcomeTally tally;

    /**
     * @param counts kept as its parts, the fields build.xml has always held
     * @param tally  every dataset of the plan by its outcome after the run
     */
    public SendRecvRecord(String plan, String transport, boolean succeeded, TransferCounts counts, String error,
                          List<String> artifacts, boolean aborted, OutcomeTally tally) {
        this.plan = plan;
        this.transport = transport;
        this.succeeded = succeeded;
        this.datasets = counts.datasets();
        this.steps = counts.steps();
        this.skippedSteps = counts.skippedSteps();
        this.failedSteps = counts.failedSteps();
        this.bytes = counts.bytes();
        this.seconds = counts.seconds();
        this.error = error;
        this.artifacts = new ArrayList<>(artifacts);
        this.aborted = aborted;
        this.tally = tally;
    }

    public String getPlan() { return plan; }
    public String getTransport() { return transport; }
    public boolean isSucceeded() { return succeeded; }
    public int getDatasets() { return datasets; }
    public int getSteps() { return steps; }
    public int getSkippedSteps() { return skippedSteps; }
    public int getFailedSteps() { return failedSteps; }
    public long getBytes() { return bytes; }
    public double getSeconds() { return seconds; }
    public String getError() { return error; }

    @Override
    public boolean isAborted() { return aborted; }

    /** Every outcome's count ("2 sent, 1 already current, ..., 1 failed"); null in older builds. */
    public String getAccounting() {
        return tally == null ? null : tally.getText();
    }

    /** Each dataset that needs attention or failed, with why; empty in older builds. */
    public List<String> getNeedingAPerson() {
        return tally == null ? List.of() : tally.getNeedingAPerson();
    }

    @Override
    public List<String> getArtifacts() {
        return Collections.unmodifiableList(artifacts);
    }

    /** Bytes per second over the whole run (0 for a run that took no measurable time). */
    public double getThroughput() {
        return seconds > 0 ? bytes / seconds : 0;
    }

    public String getBytesText() { return StepRecord.human(bytes); }
    public String getDurationText() { return StepRecord.seconds(seconds); }
    public String getThroughputText() { return StepRecord.human(getThroughput()) + "/s"; }
}
