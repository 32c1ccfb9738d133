package io.jenkins.plugins.zfsreplication.check;

import java.util.Objects;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;

/**
 * The verdict for one selected source dataset.
 *
 * @param reason one line: why this status
 * @param limits the ages it was judged against
 * @param newest its newest snapshots
 */
public record DatasetFreshness(DatasetName source, DatasetName target, CheckStatus status, String reason,
                               Limits limits, Newest newest) {
    public DatasetFreshness {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(newest, "newest");
    }

    /** The ages, in seconds, above which the newest common snapshot makes it WARNING and CRITICAL. */
    public record Limits(long warnSeconds, long critSeconds) {
    }

    /**
     * @param common the newest snapshot present on both sides (same GUID), or null
     * @param source the newest snapshot on the source, or null when it has none
     * @param target the newest snapshot on the target, or null when there is none (or no target)
     */
    public record Newest(SnapshotAge common, SnapshotAge source, SnapshotAge target) {
    }

    public long warnSeconds() {
        return limits.warnSeconds();
    }

    public long critSeconds() {
        return limits.critSeconds();
    }

    public SnapshotAge newestCommon() {
        return newest.common();
    }

    public SnapshotAge newestSource() {
        return newest.source();
    }

    public SnapshotAge newestTarget() {
        return newest.target();
    }
}
