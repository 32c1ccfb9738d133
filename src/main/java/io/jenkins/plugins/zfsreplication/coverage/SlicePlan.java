package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.verify.CopyCheck;
import java.util.List;

/**
 * Tonight's slice: the snapshots to read and, per snapshot, the ranges of its own chunks (each at
 * most some bytes from its start), in the order they are read; and the figures it was chosen by.
 *
 * @param workBytes    the bytes of every own range of every snapshot: what one full round reads
 * @param neverReadBytes of them, those never read yet (new data, or all of it after a start)
 * @param dueBytes     of them, those that must be read tonight to stay within N nights
 * @param sliceBytes   what tonight reads at most: the budget, or what keeps the guarantee without one
 * @param budgetBytes  the byte budget given, or 0 for none
 */
public record SlicePlan(List<Target> targets, long workBytes, long neverReadBytes, long dueBytes, long sliceBytes,
                        long budgetBytes) {
    public SlicePlan {
        targets = List.copyOf(targets);
    }

    /** One snapshot to read: its ranges (ascending), and whether its tree's names are checked too. */
    public record Target(SnapshotCoverage snapshot, List<CopyCheck.Range> ranges, boolean listing) {
        public Target {
            ranges = List.copyOf(ranges);
        }
    }

    /** The bytes tonight's ranges allow at most. */
    public long plannedBytes() {
        return targets.stream().flatMap(t -> t.ranges().stream()).mapToLong(CopyCheck.Range::maxBytes).sum();
    }
}
