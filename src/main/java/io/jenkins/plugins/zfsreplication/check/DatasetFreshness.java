package io.jenkins.plugins.zfsreplication.check;

import java.util.Objects;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;

/**
 * The verdict for one selected source dataset.
 *
 * @param newestCommon the newest snapshot present on both sides (same GUID), or null
 * @param newestSource the newest snapshot on the source, or null when it has none
 * @param newestTarget the newest snapshot on the target, or null when there is none (or no target)
 * @param reason       one line: why this status
 */
public record DatasetFreshness(DatasetName source, DatasetName target, CheckStatus status, String reason,
                               long warnSeconds, long critSeconds, SnapshotAge newestCommon,
                               SnapshotAge newestSource, SnapshotAge newestTarget) {
    public DatasetFreshness {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reason, "reason");
    }
}
