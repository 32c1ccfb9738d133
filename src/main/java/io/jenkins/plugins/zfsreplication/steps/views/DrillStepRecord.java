package io.jenkins.plugins.zfsreplication.steps.views;

import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What one zfsRestoreDrill did, made from its restore-drill.json as archived. */
public final class DrillStepRecord implements StepRecord {
    private static final long serialVersionUID = 1L;
    private final String snapshot;
    private final String scratch;
    private final String host;
    private final String result;
    private final boolean encrypted;
    private final boolean keyLoaded;
    private final long bytes;
    private final double receiveSeconds;
    private final double verifySeconds;
    private final boolean scratchDestroyed;
    private final String comparison;
    private final String error;
    private final String summary;
    private final List<String> artifacts;

    /** @param artifacts the drill's files as archived (names the controller chose) */
    public DrillStepRecord(DrillRecord record, String summary, List<String> artifacts) {
        this.snapshot = record.dataset() + "@" + record.snapshot();
        this.scratch = record.subject().scratch();
        this.host = record.host();
        this.result = record.result().label();
        this.encrypted = record.keys().encrypted();
        this.keyLoaded = record.keys().keyLoaded();
        this.bytes = record.outcome().bytes();
        this.receiveSeconds = record.outcome().receiveSeconds();
        this.verifySeconds = record.outcome().verifySeconds();
        this.scratchDestroyed = record.outcome().scratchDestroyed();
        this.comparison = record.outcome().comparison();
        this.error = record.outcome().error();
        this.summary = summary;
        this.artifacts = new ArrayList<>(artifacts);
    }

    public String getSnapshot() { return snapshot; }
    public String getScratch() { return scratch; }
    public String getHost() { return host; }
    public String getResult() { return result; }
    public boolean isEncrypted() { return encrypted; }
    public boolean isKeyLoaded() { return keyLoaded; }
    public long getBytes() { return bytes; }
    public double getReceiveSeconds() { return receiveSeconds; }
    public double getVerifySeconds() { return verifySeconds; }
    public boolean isScratchDestroyed() { return scratchDestroyed; }
    public String getComparison() { return comparison; }
    public String getError() { return error; }
    public String getSummary() { return summary; }
    /** True when the drill proved the backup: identical, and the scratch dataset gone. */
    public boolean isPassed() { return "identical".equals(result) && scratchDestroyed; }

    @Override
    public List<String> getArtifacts() {
        return Collections.unmodifiableList(artifacts);
    }
}
