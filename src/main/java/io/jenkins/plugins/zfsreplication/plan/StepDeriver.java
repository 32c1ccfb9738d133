package io.jenkins.plugins.zfsreplication.plan;

import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * Turns "send these snapshots" into the fewest send steps (rule 4 of the plan): a run of
 * snapshots that follow each other on the source without a gap is one {@code -I} step; a
 * snapshot reached over snapshots that are not sent is one {@code -i} step. Both are needed
 * and each is the cheapest way to cover its part, so the count is minimal: one step per gap plus
 * one per gap-free run. Linear in the number of snapshots.
 */
public final class StepDeriver {
    private StepDeriver() {
    }

    /**
     * @param snapshots   the source dataset's snapshots, oldest first
     * @param base        index of the common snapshot both sides have, -1 for none (full send)
     * @param wanted      indices of the snapshots to send, ascending, all after {@code base}
     * @param rollback    the first step may roll the target back to its base
     * @param resumeToken the target's resume token: the first step resumes it; null for none
     */
    public static List<SendStep> derive(DatasetName source, DatasetName target, List<ZfsObject> snapshots, int base,
                                        int[] wanted, boolean rollback, String resumeToken) {
        return derive(source, target, SnapshotTable.of(source.name(), snapshots), base, wanted, rollback, resumeToken);
    }

    /** The same over the listing's columns. */
    public static List<SendStep> derive(DatasetName source, DatasetName target, SnapshotTable snapshots, int base,
                                        int[] wanted, boolean rollback, String resumeToken) {
        List<SendStep> steps = new ArrayList<>();
        if (wanted.length == 0) {
            return steps;
        }
        Emitter emitter = new Emitter(source, target, snapshots, steps, rollback, resumeToken);
        int previous = base;
        int next = 0;
        if (base < 0) {
            emitter.emit(SendKind.FULL, -1, wanted[0]);
            previous = wanted[0];
            next = 1;
        }
        int runStart = -1;
        for (int i = next; i < wanted.length; i++) {
            int index = wanted[i];
            if (index <= previous) {
                throw new PlanException("Snapshot indices for %s are not ascending after the base", source);
            }
            if (index == previous + 1) {
                runStart = runStart < 0 ? previous : runStart;
            } else {
                runStart = emitter.flush(runStart, previous);
                emitter.emit(SendKind.INCREMENTAL, previous, index);
            }
            previous = index;
        }
        emitter.flush(runStart, previous);
        return steps;
    }

    /**
     * The steps from a source bookmark: {@code -i ds#bookmark} to the first wanted snapshot (a
     * bookmark cannot start an {@code -I} range), then as {@link #derive} from that snapshot.
     *
     * @param wanted indices of the snapshots to send, ascending, all newer than the bookmark
     */
    public static List<SendStep> deriveFromBookmark(DatasetName source, DatasetName target, SnapshotTable snapshots,
                                                    SnapshotRef bookmark, int[] wanted, boolean rollback,
                                                    String resumeToken) {
        List<SendStep> steps = new ArrayList<>();
        if (wanted.length == 0) {
            return steps;
        }
        SendKind kind = resumeToken != null ? SendKind.RESUME : SendKind.INCREMENTAL_FROM_BOOKMARK;
        steps.add(new SendStep(source, target, kind, bookmark, ref(snapshots, wanted[0]), resumeToken, rollback, -1));
        steps.addAll(derive(source, target, snapshots, wanted[0], java.util.Arrays.copyOfRange(wanted, 1, wanted.length),
                false, null));
        return steps;
    }

    /** Builds the steps; the first one carries the rollback permission and the resume token. */
    private static final class Emitter {
        private final DatasetName source;
        private final DatasetName target;
        private final SnapshotTable snapshots;
        private final List<SendStep> steps;
        private final boolean rollback;
        private final String resumeToken;

        Emitter(DatasetName source, DatasetName target, SnapshotTable snapshots, List<SendStep> steps,
                boolean rollback, String resumeToken) {
            this.source = source;
            this.target = target;
            this.snapshots = snapshots;
            this.steps = steps;
            this.rollback = rollback;
            this.resumeToken = resumeToken;
        }

        /** Ends a gap-free run from {@code start} to {@code end}; returns -1 (no run open). */
        int flush(int start, int end) {
            if (start >= 0) {
                emit(end - start > 1 ? SendKind.INCREMENTAL_RANGE : SendKind.INCREMENTAL, start, end);
            }
            return -1;
        }

        void emit(SendKind kind, int from, int to) {
            boolean first = steps.isEmpty();
            SnapshotRef fromRef = from < 0 ? null : ref(snapshots, from);
            SendKind actual = first && resumeToken != null ? SendKind.RESUME : kind;
            steps.add(new SendStep(source, target, actual, fromRef, ref(snapshots, to),
                    actual == SendKind.RESUME ? resumeToken : null, first && rollback, -1));
        }
    }

    /** The plan's view of a listed snapshot. */
    public static SnapshotRef ref(ZfsObject snapshot) {
        return new SnapshotRef(snapshot.shortName(), snapshot.guid(), snapshot.createtxg(), snapshot.creation());
    }

    /** The same for the snapshot at {@code index} of a listing's columns. */
    public static SnapshotRef ref(SnapshotTable snapshots, int index) {
        return new SnapshotRef(snapshots.shortName(index), snapshots.guid(index), snapshots.createtxg(index),
                snapshots.creation(index));
    }
}
