package io.jenkins.plugins.zfsreplication.prune;

import java.time.Instant;
import java.util.Objects;

/**
 * One candidate snapshot in prune-report.json.
 *
 * @param side      "source", "target", or "planned" (on the source, planned to be sent: judged by the
 *                  target's rules as if it had arrived)
 * @param host      where the snapshot lives ("local" or the ssh destination)
 * @param time      the time retention judged it by (name timestamp, else creation)
 * @param rule      the rule or protection that keeps it, or why it goes
 * @param destroyed true only once zfs really destroyed it (never in a dry run)
 */
public record PruneDecision(String side, String host, String dataset, String snapshot, String guid, Instant time,
                            Decision decision, String rule, boolean destroyed) {
    public PruneDecision {
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(rule, "rule");
    }

    PruneDecision markDestroyed() {
        return new PruneDecision(side, host, dataset, snapshot, guid, time, decision, rule, true);
    }
}
