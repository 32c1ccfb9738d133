package io.jenkins.plugins.zfsreplication.prune;

import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.TargetScope;
import java.time.Instant;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;

/**
 * What retention decided and did: prune-report.json (see {@link PruneReportJson}).
 *
 * @param when      what "now" was and whether it had a witness
 * @param dryRun    true: nothing was destroyed, the DESTROY decisions say what would be
 * @param sides     the two hosts and the rules given for each side
 * @param notSent   what the plan no longer sends because the target would destroy it
 * @param errors    destroys that failed (zfs's message), in order
 * @param retention per judged dataset and side, the rules it was judged by and where they come
 *                  from (the command, or a {@code zfs-replication:keep-*} property)
 */
public record PruneReport(When when, boolean dryRun, Sides sides, List<PruneDecision> decisions, NotSent notSent,
                          List<String> errors, List<EffectiveRule> retention) implements java.io.Serializable {
    private static final long serialVersionUID = 2L;
    public static final int FORMAT = 1;

    public PruneReport {
        Objects.requireNonNull(when, "when");
        Objects.requireNonNull(sides, "sides");
        Objects.requireNonNull(notSent, "notSent");
        // prune-before-send's own list is immutable and made in place per read: copying it would make every decision
        decisions = decisions instanceof DecisionLog.View ? decisions : List.copyOf(decisions);
        errors = List.copyOf(errors);
        retention = List.copyOf(retention);
    }

    /**
     * What "now" was for this prune.
     *
     * @param basis how it was chosen: "wall clock" or "newest snapshot ..."
     * @param clock whether it had a witness ({@link ClockWitness}): without one nothing went by age
     */
    public record When(Instant now, String basis, ClockWitness clock) implements java.io.Serializable {
        private static final long serialVersionUID = 1L;

        public When {
            Objects.requireNonNull(now, "now");
            Objects.requireNonNull(clock, "clock");
        }

        /** A "now" compared with nothing ({@link ClockWitness.Verdict#NONE}). */
        public static When unwitnessed(Instant now, String basis) {
            return new When(now, basis, new ClockWitness(ClockWitness.Verdict.NONE, now, null, ClockWitness.Basis.NONE));
        }
    }

    /** The source's and the target's host, and the rules given for each side (null: none). */
    public record Sides(String sourceHost, String targetHost, String sourceRules, String targetRules)
            implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
    }

    /**
     * What pruning took out of the plan.
     *
     * @param snapshots snapshots dropped from the plan because the target would destroy them
     * @param bytes     the plan's estimated bytes before minus after; -1 where zfs cannot estimate
     *                  (zfs-fuse), see {@code basis}
     */
    public record NotSent(int snapshots, long bytes, String basis) implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** The prune's "now". */
    public Instant now() {
        return when.now();
    }

    /**
     * Between controller and agents the decisions travel as a plain list: the column views this
     * JVM keeps them in are not serializable (serialization stops here, as the replacement is of
     * this class too).
     */
    private Object writeReplace() {
        return decisions instanceof DecisionLog.View
                ? new PruneReport(when, dryRun, sides, List.copyOf(decisions), notSent, errors, retention) : this;
    }

    /**
     * This report, once every target-side decision was found to name a dataset in {@code scope}:
     * a report that comes from the source's host is checked before the target's host destroys by it.
     */
    public PruneReport checkTarget(TargetScope scope, String source) {
        for (PruneDecision decision : decisions) {
            if (decision.side() == CandidateSide.TARGET) {
                scope.check(decision.dataset(), source);
            }
        }
        return this;
    }

    /** The decisions that destroy, on one side. */
    public List<PruneDecision> toDestroy(CandidateSide side) {
        return decisions.stream().filter(d -> d.verdict().decision() == Decision.DESTROY && d.side() == side)
                .toList();
    }

    /** This report with the bytes not sent of pruning {@code before} to {@code after} (their estimates). */
    PruneReport withBytesNotSent(ReplicationPlan before, ReplicationPlan after) {
        long bytes = PruneBeforeSend.estimatedBytes(before);
        long left = PruneBeforeSend.estimatedBytes(after);
        boolean known = bytes >= 0 && left >= 0;
        return new PruneReport(when, dryRun, sides, decisions, new NotSent(notSent.snapshots(), known ? bytes - left : -1,
                known ? "zfs send -nP estimates of the plan before minus after pruning"
                        : "unknown: the source's zfs gives no send size estimates (zfs send -nP)"), errors, retention);
    }

    /** This report once the decisions at the positions {@code destroyed} were carried out. */
    PruneReport executed(BitSet destroyed, List<String> newErrors) {
        return new PruneReport(when, false, sides, new DecisionLog.Marked(decisions, destroyed), notSent, newErrors,
                retention);
    }
}
