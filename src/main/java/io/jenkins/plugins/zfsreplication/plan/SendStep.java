package io.jenkins.plugins.zfsreplication.plan;

import java.util.Objects;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;

/**
 * One {@code zfs send | zfs recv} of a plan.
 *
 * @param from           the incremental's base on both sides; null for {@link SendKind#FULL}; on the source a
 *                       bookmark, not a snapshot, for {@link SendKind#INCREMENTAL_FROM_BOOKMARK}
 * @param to             the snapshot the target has afterwards
 * @param resumeToken    the target's receive_resume_token for {@link SendKind#RESUME}, else null
 * @param rollback       the target may be rolled back to {@code from} first ({@code recv -F}):
 *                       only where the user allowed it for a diverged target
 * @param estimatedBytes the stream's size as {@code zfs send -nP} estimated it; -1 when unknown
 */
public record SendStep(DatasetName source, DatasetName target, SendKind kind, SnapshotRef from, SnapshotRef to,
                       String resumeToken, boolean rollback, long estimatedBytes) {

    public SendStep {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(to, "to");
        if ((kind == SendKind.FULL) != (from == null) && kind != SendKind.RESUME) {
            throw new PlanException("A %s step of %s %s a base snapshot", kind, source,
                    kind == SendKind.FULL ? "cannot have" : "needs");
        }
        if ((kind == SendKind.RESUME) != (resumeToken != null)) {
            throw new PlanException("Only a RESUME step of %s carries a resume token", source);
        }
    }

    public SnapshotName toSnapshot() {
        return source.snapshot(to.name());
    }

    /** The base on the source side, null for a full send and where the base is a bookmark there. */
    public SnapshotName fromSnapshot() {
        return from == null || kind == SendKind.INCREMENTAL_FROM_BOOKMARK ? null : source.snapshot(from.name());
    }

    /**
     * The source's bookmark this step sends from, as dataset and short name ({@code ds#name} in
     * zfs's words, see {@code Zfs.bookmarkName}); null unless {@link SendKind#INCREMENTAL_FROM_BOOKMARK}.
     */
    public SnapshotName fromBookmark() {
        return kind == SendKind.INCREMENTAL_FROM_BOOKMARK ? source.snapshot(from.name()) : null;
    }

    /** A copy with another size estimate. */
    public SendStep withEstimatedBytes(long bytes) {
        return new SendStep(source, target, kind, from, to, resumeToken, rollback, bytes);
    }
}
