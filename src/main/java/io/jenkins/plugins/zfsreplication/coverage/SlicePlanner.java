package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.verify.CopyCheck;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Chooses tonight's slice. The work is the own ranges of every snapshot (inherited chunks are read
 * through the snapshot that owns them), ordered: never read first (new data, in the order it
 * arrived), then by the night they were last read, oldest first. Tonight reads from the front of
 * that order up to the slice, the last range cut short at a chunk boundary; what is read goes to
 * the back. The slice is the budget when one is given; without one, what keeps the guarantee: the
 * new data, plus the rest's fair share (its bytes over N), and never less than what is due.
 * docs/guide.md ("Every byte within N nights") sketches why this keeps every byte within N nights
 * when the budget allows it at all.
 */
final class SlicePlanner {
    private SlicePlanner() {
    }

    /** One own range a snapshot could read tonight. */
    private record Candidate(SnapshotCoverage snapshot, Segment segment) {
        Instant order() {
            Reading own = segment.own();
            return own.readAt() != null ? own.readAt() : own.since();
        }
    }

    private static final Comparator<Candidate> ORDER = Comparator
            .comparing((Candidate c) -> c.segment().own().readAt() != null)
            .thenComparing(Candidate::order)
            .thenComparing(c -> c.snapshot().dataset())
            .thenComparingLong(c -> c.snapshot().createtxg())
            .thenComparingLong(c -> c.segment().from());

    static SlicePlan plan(Ledger ledger, Horizon horizon, long budgetBytes) {
        List<Candidate> candidates = new ArrayList<>();
        long work = 0;
        long arrivals = 0;
        long due = 0;
        for (SnapshotCoverage snapshot : ledger.snapshots()) {
            if (snapshot.manifest() == null) {
                continue; // nothing to check against
            }
            for (Segment segment : snapshot.segments()) {
                if (!segment.inherited()) {
                    candidates.add(new Candidate(snapshot, segment));
                    work += segment.bytes();
                    arrivals += segment.own().readAt() == null ? segment.bytes() : 0;
                    due += horizon.due(segment.own().readAt()) ? segment.bytes() : 0;
                }
            }
        }
        candidates.sort(ORDER);
        long fair = ceilDiv(work - arrivals, horizon.nights()) + arrivals;
        long slice = Math.max(due, fair);
        if (budgetBytes > 0) {
            slice = Math.min(slice, budgetBytes);
        }
        return new SlicePlan(targets(candidates, slice), work, arrivals, due, slice, budgetBytes);
    }

    private static List<SlicePlan.Target> targets(List<Candidate> ordered, long slice) {
        Map<SnapshotCoverage, List<CopyCheck.Range>> ranges = new LinkedHashMap<>();
        long left = slice;
        for (Candidate candidate : ordered) {
            if (left <= 0) {
                break;
            }
            Segment segment = candidate.segment();
            long bytes = Math.min(left, segment.bytes());
            ranges.computeIfAbsent(candidate.snapshot(), s -> new ArrayList<>())
                    .add(new CopyCheck.Range(segment.from(), segment.to(), bytes));
            left -= bytes;
        }
        List<SlicePlan.Target> targets = new ArrayList<>();
        ranges.forEach((snapshot, list) -> {
            list.sort(Comparator.comparingLong(CopyCheck.Range::from));
            boolean listing = snapshot.base() == null && list.get(0).from() == 0;
            targets.add(new SlicePlan.Target(snapshot, list, listing));
        });
        return targets;
    }

    private static long ceilDiv(long a, long b) {
        return a <= 0 ? 0 : (a + b - 1) / b;
    }
}
