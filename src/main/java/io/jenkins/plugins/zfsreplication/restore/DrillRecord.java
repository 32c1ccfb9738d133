package io.jenkins.plugins.zfsreplication.restore;

import java.time.Instant;
import java.util.List;

/**
 * What a drill did, as restore-drill.json holds it. Written once before anything is created
 * ({@code result} "running": the scratch dataset it is about to create is named, so that a drill
 * killed outright leaves a record of what to remove) and again at the end.
 *
 * @param subject   what was drilled, where, and against which manifest
 * @param keys      how an encrypted snapshot travelled and whether its key could be loaded
 * @param startedAt when it started
 * @param finishedAt when it ended; null while it runs
 * @param outcome   how it ended, or {@link DrillResult#RUNNING} while it runs
 * @param log       what it did, line by line
 */
public record DrillRecord(Subject subject, Keys keys, Instant startedAt, Instant finishedAt, Outcome outcome,
                          List<String> log) {
    public static final String FILE_NAME = "restore-drill.json";

    public DrillRecord {
        java.util.Objects.requireNonNull(subject, "subject");
        java.util.Objects.requireNonNull(keys, "keys");
        java.util.Objects.requireNonNull(outcome, "outcome");
        log = List.copyOf(log);
    }

    /**
     * What was drilled: the copy's snapshot on {@code host}, the scratch dataset it was received into,
     * and the source manifest it was compared with ({@code reference}, with its SHA-256).
     */
    public record Subject(String host, String dataset, String snapshot, String guid, String scratch, String reference,
                          String referenceSha256) {
    }

    /** An encrypted snapshot: whether it was sent raw, and whether its key could be loaded to read it. */
    public record Keys(boolean encrypted, boolean raw, boolean keyLoaded) {
    }

    /**
     * How it ended.
     *
     * @param result           how it ended, or {@link DrillResult#RUNNING} while it runs
     * @param bytes            the stream's bytes as received
     * @param receiveSeconds   the receive: the recovery time a restore of this snapshot takes
     * @param verifySeconds    hashing the restored copy and comparing
     * @param scratchDestroyed the scratch dataset is gone again (or was never created)
     */
    public record Outcome(DrillResult result, long bytes, double receiveSeconds, double verifySeconds, String comparison,
                          boolean scratchDestroyed, String error) {
        public Outcome {
            java.util.Objects.requireNonNull(result, "result");
        }

        /** A drill still running: nothing received, compared or destroyed yet. */
        public static Outcome running() {
            return new Outcome(DrillResult.RUNNING, 0, 0, 0, null, false, null);
        }
    }

    DrillRecord finished(Instant at, Outcome ended, boolean loaded, List<String> lines) {
        return new DrillRecord(subject, new Keys(keys.encrypted(), keys.raw(), loaded), startedAt, at, ended, lines);
    }

    public String host() {
        return subject.host();
    }

    public String dataset() {
        return subject.dataset();
    }

    public String snapshot() {
        return subject.snapshot();
    }

    public String guid() {
        return subject.guid();
    }

    public DrillResult result() {
        return outcome.result();
    }
}
