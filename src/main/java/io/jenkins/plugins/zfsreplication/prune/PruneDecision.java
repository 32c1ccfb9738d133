package io.jenkins.plugins.zfsreplication.prune;

import java.time.Instant;
import java.util.Objects;

/**
 * One candidate snapshot in prune-report.json.
 *
 * @param side      what the candidate is and where it lives ({@link CandidateSide}); for a bookmark
 *                  {@code snapshot} is its name after '#'
 * @param host      where the snapshot lives ("local" or the ssh destination)
 * @param epochSecond the time retention judged it by (name timestamp, else creation), see {@link #time()}
 * @param verdict   what retention decided about it, and whether it was destroyed
 */
public record PruneDecision(CandidateSide side, String host, String dataset, String snapshot, long guid, long epochSecond,
                            Verdict verdict)
        implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public PruneDecision {
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(verdict, "verdict");
    }

    /**
     * What retention decided about a candidate.
     *
     * @param rule      the rule or protection that keeps it, or why it goes
     * @param destroyed true only once zfs really destroyed it (never in a dry run)
     */
    public record Verdict(Decision decision, String rule, boolean destroyed) implements java.io.Serializable {
        private static final long serialVersionUID = 1L;

        public Verdict {
            Objects.requireNonNull(decision, "decision");
            Objects.requireNonNull(rule, "rule");
        }
    }

    /** The time retention judged it by. */
    public Instant time() {
        return Instant.ofEpochSecond(epochSecond);
    }

    /** The GUID as ZFS prints it: unsigned. */
    public String guidText() {
        return Long.toUnsignedString(guid);
    }

    PruneDecision markDestroyed() {
        return new PruneDecision(side, host, dataset, snapshot, guid, epochSecond,
                new Verdict(verdict.decision, verdict.rule, true));
    }
}
