package io.jenkins.plugins.zfsreplication.plan;

/** How one send step reaches its snapshot. */
public enum SendKind {
    /** {@code zfs send snap}: the whole snapshot, to a target that does not exist yet. */
    FULL,
    /** {@code zfs send -i from snap}: only the difference, skipping the snapshots in between. */
    INCREMENTAL,
    /** {@code zfs send -I from snap}: the difference and every snapshot in between. */
    INCREMENTAL_RANGE,
    /** {@code zfs send -t token}: the rest of an interrupted receive. */
    RESUME
}
