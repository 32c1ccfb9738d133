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

    /** @param name the artifacts' name prefix, from the step's settings */
    public VerifyRecord(String target, String compareWith, String name, VerifyRun.Outcome outcome) {
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
        // names from the settings, as archived; the agent's list is not trusted
        this.artifacts = new ArrayList<>(List.of(name + ".manifest", name + "-report.json",
                name + "-throughput.csv", name + "-throughput.svg"));
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

    @Override
    public List<String> getArtifacts() {
        return Collections.unmodifiableList(artifacts);
    }

    /** True when a comparison ran and found a difference. */
    public boolean isMismatch() {
        return compared && differences > 0;
    }

    /** One word for tables and trends: IDENTICAL, MISMATCH or HASHED (no reference given). */
    public String getVerdict() {
        if (!compared) {
            return "HASHED";
        }
        return differences == 0 ? "IDENTICAL" : "MISMATCH";
    }

    public String getBytesText() { return StepRecord.human(bytes); }
    public String getDurationText() { return StepRecord.seconds(seconds); }
}
