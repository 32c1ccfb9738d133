package io.jenkins.plugins.zfsreplication.plan;

/** How one send step reaches its snapshot. */
public enum SendKind {
    /** {@code zfs send snap}: the whole snapshot, to a target that does not exist yet. */
    FULL,
    /** {@code zfs send -i from snap}: only the difference, skipping the snapshots in between. */
    INCREMENTAL,
    /** {@code zfs send -I from snap}: the difference and every snapshot in between. */
    INCREMENTAL_RANGE,
    /**
     * {@code zfs send -i ds#bookmark snap}: the difference from a bookmark of the base, whose
     * snapshot the source no longer has (a bookmark keeps the GUID, not the data; -I cannot start there).
     */
    INCREMENTAL_FROM_BOOKMARK,
    /** {@code zfs send -t token}: the rest of an interrupted receive. */
    RESUME
}
