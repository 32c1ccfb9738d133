package io.jenkins.plugins.zfsreplication.zfs;

/** The ZFS a test's pools are on. */
public enum ZfsBackend {
    /** zfs-fuse 0.7 on this host: pool version 23, a ZFS of 2012. */
    ZFS_FUSE("zfs-fuse"),
    /** OpenZFS 2.x in the QEMU guest of bin/openzfs-guest, reached over ssh. */
    OPENZFS("openzfs");

    private final String label;

    ZfsBackend(String label) {
        this.label = label;
    }

    /** The short name in display names and logs. */
    public String label() {
        return label;
    }
}
