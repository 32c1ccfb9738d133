package io.jenkins.plugins.zfsreplication.verify;

/**
 * What hashing one file cost: its size, its chunks, and of those what was read, what was skipped as
 * holes and what was taken from an earlier manifest. {@code path} is relative to the tree root (""
 * for a single file); {@code chunks} counts every chunk, whichever way it was taken.
 */
public record FileStats(String path, long size, long chunks, Data data, Holes holes, Reuse reuse) {
    /** The bytes read, and of the chunks read those that held only zeros. */
    public record Data(long bytes, long zeroChunks) {
        public Data {
            if (bytes < 0 || zeroChunks < 0) {
                throw new IllegalArgumentException("negative data count: " + bytes + " bytes, " + zeroChunks + " zero");
            }
        }
    }

    /**
     * The bytes and chunks skipped as holes, and the lseek calls (SEEK_DATA/SEEK_HOLE) that mapped
     * them with the time they took: on ZFS a call on a file with unsynced data waits for a transaction
     * group sync.
     */
    public record Holes(long bytes, long chunks, long seekCalls, long seekMicros) {
        /** A file with no hole that was never mapped. */
        public static final Holes NONE = new Holes(0, 0, 0, 0);

        public Holes {
            if (bytes < 0 || chunks < 0 || seekCalls < 0 || seekMicros < 0) {
                throw new IllegalArgumentException("negative hole count: " + bytes + " bytes, " + chunks + " chunks, "
                        + seekCalls + " seeks, " + seekMicros + " us");
            }
        }
    }

    /** The bytes and chunks an incremental verify took from the earlier manifest instead of reading them. */
    public record Reuse(long bytes, long chunks) {
        /** A file read whole. */
        public static final Reuse NONE = new Reuse(0, 0);

        public Reuse {
            if (bytes < 0 || chunks < 0) {
                throw new IllegalArgumentException("negative reuse count: " + bytes + " bytes, " + chunks + " chunks");
            }
        }
    }

    public FileStats {
        if (size < 0 || chunks < 0) {
            throw new IllegalArgumentException("negative count in stats of " + path);
        }
        if (data.bytes() + holes.bytes() + reuse.bytes() != size) {
            throw new IllegalArgumentException("data " + data.bytes() + " + holes " + holes.bytes() + " + reused "
                    + reuse.bytes() + " != size " + size);
        }
    }

    public long dataBytes() {
        return data.bytes();
    }

    public long holeBytes() {
        return holes.bytes();
    }

    public long zeroChunks() {
        return data.zeroChunks();
    }

    public long reusedBytes() {
        return reuse.bytes();
    }

    public long reusedChunks() {
        return reuse.chunks();
    }
}
