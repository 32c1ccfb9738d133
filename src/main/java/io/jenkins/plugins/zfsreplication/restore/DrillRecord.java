package io.jenkins.plugins.zfsreplication.restore;

import java.time.Instant;
import java.util.List;

/**
 * What a drill did, as restore-drill.json holds it. Written once before anything is created
 * ({@code result} "running": the scratch dataset it is about to create is named, so that a drill
 * killed outright leaves a record of what to remove) and again at the end.
 *
 * @param result          how it ended, or {@link DrillResult#RUNNING} while it runs
 * @param bytes           the stream's bytes as received
 * @param receiveSeconds  the receive: the recovery time a restore of this snapshot takes
 * @param verifySeconds   hashing the restored copy and comparing
 * @param scratchDestroyed the scratch dataset is gone again (or was never created)
 */
public record DrillRecord(String host, String dataset, String snapshot, String guid, String scratch, String reference,
                          String referenceSha256, boolean encrypted, boolean raw, boolean keyLoaded, Instant startedAt,
                          Instant finishedAt, DrillResult result, long bytes, double receiveSeconds, double verifySeconds,
                          String comparison, boolean scratchDestroyed, String error, List<String> log) {
    public static final String FILE_NAME = "restore-drill.json";

    public DrillRecord {
        log = List.copyOf(log);
    }

    DrillRecord finished(Instant at, DrillResult outcome, long streamBytes, double receive, double verify, String compared,
                         boolean destroyed, String failure, boolean loaded, List<String> lines) {
        return new DrillRecord(host, dataset, snapshot, guid, scratch, reference, referenceSha256, encrypted, raw, loaded,
                startedAt, at, outcome, streamBytes, receive, verify, compared, destroyed, failure, lines);
    }
}
