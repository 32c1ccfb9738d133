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
 * @param nowBasis          how "now" was chosen: "wall clock" or "newest snapshot ..."
 * @param dryRun            true: nothing was destroyed, the DESTROY decisions say what would be
 * @param snapshotsNotSent  snapshots dropped from the plan because the target would destroy them
 * @param bytesNotSent      the plan's estimated bytes before minus after; -1 where zfs cannot
 *                          estimate (zfs-fuse), see {@code bytesNotSentBasis}
 * @param errors            destroys that failed (zfs's message), in order
 * @param retention         per judged dataset and side, the rules it was judged by and where they come
 *                          from (the command, or a {@code zfs-replication:keep-*} property)
 * @param clock             whether "now" had a witness ({@link ClockWitness}): without one nothing went by age
 */
public record PruneReport(Instant now, String nowBasis, boolean dryRun, String sourceHost, String targetHost,
                          String sourceRules, String targetRules, List<PruneDecision> decisions, int snapshotsNotSent,
                          long bytesNotSent, String bytesNotSentBasis, List<String> errors,
                          List<EffectiveRule> retention, ClockWitness clock) implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    public static final int FORMAT = 1;

    public PruneReport {
        Objects.requireNonNull(now, "now");
        // prune-before-send's own list is immutable and made in place per read: copying it would make every decision
        decisions = decisions instanceof DecisionLog.View ? decisions : List.copyOf(decisions);
        errors = List.copyOf(errors);
        retention = List.copyOf(retention);
        Objects.requireNonNull(clock, "clock");
    }

    /** A report whose "now" was compared with nothing ({@link ClockWitness.Verdict#NONE}). */
    public PruneReport(Instant now, String nowBasis, boolean dryRun, String sourceHost, String targetHost,
                       String sourceRules, String targetRules, List<PruneDecision> decisions, int snapshotsNotSent,
                       long bytesNotSent, String bytesNotSentBasis, List<String> errors, List<EffectiveRule> retention) {
        this(now, nowBasis, dryRun, sourceHost, targetHost, sourceRules, targetRules, decisions, snapshotsNotSent,
                bytesNotSent, bytesNotSentBasis, errors, retention,
                new ClockWitness(ClockWitness.Verdict.NONE, now, null, ClockWitness.Basis.NONE));
    }

    /** A report that names no dataset's rules (every dataset judged by the command's). */
    public PruneReport(Instant now, String nowBasis, boolean dryRun, String sourceHost, String targetHost,
                       String sourceRules, String targetRules, List<PruneDecision> decisions, int snapshotsNotSent,
                       long bytesNotSent, String bytesNotSentBasis, List<String> errors) {
        this(now, nowBasis, dryRun, sourceHost, targetHost, sourceRules, targetRules, decisions, snapshotsNotSent,
                bytesNotSent, bytesNotSentBasis, errors, List.of());
    }

    /**
     * Between controller and agents the decisions travel as a plain list: the column views this
     * JVM keeps them in are not serializable (serialization stops here, as the replacement is of
     * this class too).
     */
    private Object writeReplace() {
        return decisions instanceof DecisionLog.View ? new PruneReport(now, nowBasis, dryRun, sourceHost, targetHost,
                sourceRules, targetRules, List.copyOf(decisions), snapshotsNotSent, bytesNotSent, bytesNotSentBasis,
                errors, retention, clock) : this;
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
        return decisions.stream().filter(d -> d.decision() == Decision.DESTROY && d.side() == side).toList();
    }

    /** This report with the bytes not sent of pruning {@code before} to {@code after} (their estimates). */
    PruneReport withBytesNotSent(ReplicationPlan before, ReplicationPlan after) {
        long bytes = PruneBeforeSend.estimatedBytes(before);
        long left = PruneBeforeSend.estimatedBytes(after);
        boolean known = bytes >= 0 && left >= 0;
        return new PruneReport(now, nowBasis, dryRun, sourceHost, targetHost, sourceRules, targetRules, decisions,
                snapshotsNotSent, known ? bytes - left : -1,
                known ? "zfs send -nP estimates of the plan before minus after pruning"
                        : "unknown: the source's zfs gives no send size estimates (zfs send -nP)", errors, retention,
                clock);
    }

    /** This report once the decisions at the positions {@code destroyed} were carried out. */
    PruneReport executed(BitSet destroyed, List<String> newErrors) {
        return new PruneReport(now, nowBasis, false, sourceHost, targetHost, sourceRules, targetRules,
                new DecisionLog.Marked(decisions, destroyed), snapshotsNotSent, bytesNotSent, bytesNotSentBasis, newErrors,
                retention, clock);
    }
}
