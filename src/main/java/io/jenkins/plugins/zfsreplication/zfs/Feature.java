package io.jenkins.plugins.zfsreplication.zfs;

/** What a host's zfs may or may not support; the {@link CapabilityProbe} finds out which. */
public enum Feature {
    /** {@code zfs list -p}: exact numbers in a listing (OpenZFS; not zfs-fuse). */
    PARSABLE_LIST,
    /** {@code zfs send -nP}: a stream's size without sending it. */
    SEND_SIZE_ESTIMATE,
    /** {@code zfs recv -u}: a received file system is not mounted (OpenZFS; not zfs-fuse). */
    RECEIVE_NO_MOUNT,
    /** {@code zfs recv -s} and {@code zfs send -t}: interrupted receives can be resumed. */
    RESUME_TOKENS,
    /** {@code zfs bookmark}. */
    BOOKMARKS,
    /** {@code zfs hold}/{@code release}; the {@code userrefs} property counts a snapshot's holds. */
    HOLDS,
    /** {@code zfs send -w}: encrypted datasets sent as they are stored. */
    RAW_SEND,
    /** {@code zfs send -c}: compressed blocks sent compressed. */
    COMPRESSED_SEND,
    /** {@code zfs send -L}: records larger than 128 KiB. */
    LARGE_BLOCKS,
    /** {@code zfs send -e}: embedded-data blocks sent as such. */
    EMBEDDED_DATA,
    /** {@code zfs snapshot a@s b@s ...}: several snapshots in one atomic call (zfs-fuse takes one). */
    MULTI_SNAPSHOT,
    /** {@code zfs destroy fs@a,b,c}: several snapshots of one dataset in one call (zfs-fuse takes one). */
    BATCH_DESTROY
}
