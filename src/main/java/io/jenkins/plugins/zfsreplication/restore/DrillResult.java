package io.jenkins.plugins.zfsreplication.restore;

import java.util.Arrays;
import java.util.Optional;

/** How a restore drill ended, as restore-drill.json's {@code result} names it ({@link #label()}). */
public enum DrillResult {
    /** Written before anything is created: a drill killed outright leaves this, and the scratch dataset's name. */
    RUNNING("running"),
    /** The restored copy's hashes equal the reference's. */
    IDENTICAL("identical"),
    /** They differ. */
    MISMATCH("mismatch"),
    /** Received, but encrypted and without its key: nothing could be read. */
    UNVERIFIED("unverified"),
    FAILED("failed"),
    CANCELLED("cancelled");

    private final String label;

    DrillResult(String label) {
        this.label = label;
    }

    /** The name in restore-drill.json, the ledger and the logs. */
    public String label() {
        return label;
    }

    /** The result named {@code label}, if it is one. */
    public static Optional<DrillResult> of(String label) {
        return Arrays.stream(values()).filter(result -> result.label.equals(label)).findFirst();
    }

    @Override
    public String toString() {
        return label;
    }
}
