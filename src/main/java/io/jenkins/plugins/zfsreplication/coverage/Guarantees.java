package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.units.Sizes;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Whether the guarantee holds after a night, and for how many nights the budget keeps it. With
 * W the bytes of every own range (one full round of reading) and a the new bytes a night, oldest
 * first re-reads a range at the latest once all W ahead of it and the arrivals meanwhile are read:
 * within k nights when W + k a <= k B, so a budget B keeps k = ceil(W / (B - a)) nights, and none
 * when B <= a (docs/guide.md, "Every byte within N nights").
 */
final class Guarantees {
    private Guarantees() {
    }

    /**
     * @param before the ledger the night built on: its nights give the arrival of new data and the
     *               rate of reading (the night a ledger started, all it found was new, and is left out)
     */
    static NightReport.Guarantee of(Ledger after, Horizon horizon, SlicePlan plan, long budgetBytes,
                                    Duration budgetTime, Ledger before) {
        long overdue = overdue(after, horizon);
        List<Ledger.NightSummary> nights = before.history().stream()
                .filter(night -> !night.at().equals(before.startedAt())).toList();
        long arrival = arrivalEstimate(nights, horizon.nights());
        long cap = cap(budgetBytes, budgetTime, before.history());
        Integer keepable = horizon.nights();
        String note = null;
        if (cap > 0) {
            if (cap <= arrival) {
                keepable = null;
                note = String.format(Locale.ROOT, "new data arrives faster (%s a night) than the budget of %s reads it:"
                        + " no number of nights can be kept", Sizes.human(arrival), Sizes.human(cap));
            } else {
                keepable = (int) Math.max(1, Math.min(Integer.MAX_VALUE, ceilDiv(plan.workBytes(), cap - arrival)));
                if (keepable > horizon.nights()) {
                    note = String.format(Locale.ROOT, "the budget of %s a night keeps every byte within %d nights, not"
                            + " %d: that needs about %s a night (%s to read in a round, %s arriving a night)",
                            Sizes.human(cap), keepable, horizon.nights(),
                            Sizes.human(ceilDiv(plan.workBytes(), horizon.nights()) + arrival),
                            Sizes.human(plan.workBytes()), Sizes.human(arrival));
                }
            }
        }
        if (overdue > 0) {
            String overdueNote = String.format(Locale.ROOT, "%s not matched within %d nights: tonight's slice ended"
                    + " before them", Sizes.human(overdue), horizon.nights());
            note = note == null ? overdueNote : note + "; " + overdueNote;
        }
        return new NightReport.Guarantee(keepable, overdue, arrival, note);
    }

    /**
     * The own bytes of valid snapshots that have not matched within N nights of the night they last
     * matched, or of the night they arrived when they never did, for want of reading: those the
     * guarantee fails for. Bytes read and found bad are not among them: they are findings.
     */
    static long overdue(Ledger ledger, Horizon horizon) {
        long overdue = 0;
        for (SnapshotCoverage snapshot : ledger.snapshots()) {
            if (!snapshot.valid()) {
                continue; // a snapshot that cannot count is a finding of its own, every night
            }
            for (Segment segment : snapshot.segments()) {
                Reading own = segment.own();
                boolean unread = own != null && (own.state() == Reading.State.NEVER || own.state() == Reading.State.MATCHED);
                if (unread && !horizon.fresh(own.matchedAt()) && !horizon.fresh(own.basis())) {
                    overdue += segment.bytes();
                }
            }
        }
        return overdue;
    }

    /** New bytes a night: the mean of the last N nights' arrivals (0 before the second night). */
    private static long arrivalEstimate(List<Ledger.NightSummary> before, int nights) {
        List<Ledger.NightSummary> recent = before.subList(Math.max(0, before.size() - nights), before.size());
        return recent.isEmpty() ? 0 : recent.stream().mapToLong(Ledger.NightSummary::arrivalBytes).sum() / recent.size();
    }

    /** What a night may read: the byte budget, or the time budget at the rate the nights before read. */
    private static long cap(long budgetBytes, Duration budgetTime, List<Ledger.NightSummary> before) {
        long cap = budgetBytes;
        if (budgetTime != null) {
            double bytes = before.stream().mapToDouble(Ledger.NightSummary::checkedBytes).sum();
            double seconds = before.stream().mapToDouble(Ledger.NightSummary::seconds).sum();
            if (seconds > 0 && bytes > 0) {
                long byTime = (long) Math.min(Long.MAX_VALUE, bytes / seconds * budgetTime.toMillis() / 1000.0);
                cap = cap > 0 ? Math.min(cap, byTime) : byTime;
            }
        }
        return cap;
    }

    private static long ceilDiv(long a, long b) {
        return a <= 0 ? 0 : (a + b - 1) / b;
    }
}
