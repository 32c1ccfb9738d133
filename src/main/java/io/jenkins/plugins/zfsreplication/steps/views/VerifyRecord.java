package io.jenkins.plugins.zfsreplication.steps.views;

import io.jenkins.plugins.zfsreplication.verify.VerifyRun;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What one zfsVerify run found, made from the outcome the agent returned. */
public final class VerifyRecord implements StepRecord {
    private static final long serialVersionUID = 1L;
    private final String target;
    private final String compareWith;
    private final boolean compared;
    private final long files;
    private final long bytes;
    private final long chunks;
    private final double seconds;
    private final long differences;
    private final List<String> artifacts;
    /** Bytes read, and the earlier snapshot an incremental verify built on (null: everything read). */
    private final long readBytes;
    private final String since;

    /** The build was aborted while the verify ran. */
    private final boolean aborted;
    /** Why the verify stopped before it wrote its manifest; null when it wrote it. */
    private final String cancelled;

    /**
     * @param name    the artifacts' name prefix, from the step's settings
     * @param aborted the build was aborted while the verify ran
     */
    public VerifyRecord(String target, String compareWith, String name, VerifyRun.Outcome outcome, boolean aborted) {
        VerifyRun.Figures figures = outcome.figures();
        this.target = target;
        this.compareWith = compareWith;
        this.compared = outcome.identical() != null;
        this.files = figures.files();
        this.bytes = figures.bytes();
        this.chunks = figures.chunks();
        this.seconds = figures.seconds();
        this.differences = figures.differences();
        this.readBytes = figures.readBytes();
        this.since = figures.since();
        this.aborted = aborted;
        this.cancelled = outcome.cancelled();
        // names from the settings, as archived; the agent's list is not trusted. A cancelled verify wrote no manifest
        this.artifacts = new ArrayList<>(List.of(name + ".manifest", name + "-report.json",
                name + "-throughput.csv", name + "-throughput.svg"));
        if (cancelled != null) {
            artifacts.remove(0);
        }
    }

    public String getTarget() { return target; }
    public String getCompareWith() { return compareWith; }
    public boolean isCompared() { return compared; }
    public long getFiles() { return files; }
    public long getBytes() { return bytes; }
    public long getChunks() { return chunks; }
    public double getSeconds() { return seconds; }
    public long getDifferences() { return differences; }
    public long getReadBytes() { return readBytes; }
    public String getSince() { return since; }
    public String getReadBytesText() { return StepRecord.human(readBytes); }
    public String getCancelled() { return cancelled; }

    @Override
    public boolean isAborted() { return aborted; }

    @Override
    public List<String> getArtifacts() {
        return Collections.unmodifiableList(artifacts);
    }

    /** True when a comparison ran and found a difference. */
    public boolean isMismatch() {
        return compared && differences > 0;
    }

    /** One word for tables and trends: IDENTICAL, MISMATCH, HASHED (no reference given) or CANCELLED. */
    public String getVerdict() {
        if (cancelled != null) {
            return "CANCELLED";
        }
        if (!compared) {
            return "HASHED";
        }
        return differences == 0 ? "IDENTICAL" : "MISMATCH";
    }

    public String getBytesText() { return StepRecord.human(bytes); }
    public String getDurationText() { return StepRecord.seconds(seconds); }
}
