package io.jenkins.plugins.zfsreplication.verify;

import java.util.Locale;

/**
 * How holes are found. Every mode yields the same manifest: only the work done differs.
 */
public enum SparseMode {
    /** Map extents with SEEK_DATA/SEEK_HOLE while it pays off, and detect all-zero data chunks. */
    AUTO(true, true),
    /** Map extents with SEEK_DATA/SEEK_HOLE only. */
    SEEK(true, false),
    /** Read everything, detect all-zero chunks (for file systems whose lseek is slow or reports no holes). */
    ZEROS(false, true),
    /** Read and hash every byte, as zfs-check does. */
    OFF(false, false);

    private final boolean seek;
    private final boolean zeroCheck;

    SparseMode(boolean seek, boolean zeroCheck) {
        this.seek = seek;
        this.zeroCheck = zeroCheck;
    }

    boolean seek() {
        return seek;
    }

    boolean zeroCheck() {
        return zeroCheck;
    }

    /** The mode's name as used on the command line. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static SparseMode byName(String name) {
        for (SparseMode mode : values()) {
            if (mode.id().equals(name.trim().toLowerCase(Locale.ROOT))) {
                return mode;
            }
        }
        throw new VerifyException("Unknown sparse mode '%s': use auto, seek, zeros or off", name);
    }
}
