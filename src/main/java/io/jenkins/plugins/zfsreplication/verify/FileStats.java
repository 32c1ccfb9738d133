package io.jenkins.plugins.zfsreplication.verify;

/**
 * What hashing one file cost: its size, the bytes read, the bytes skipped as holes, how many
 * chunks took which path, and the lseek calls (SEEK_DATA/SEEK_HOLE) that mapped its holes with the
 * time they took: on ZFS a call on a file with unsynced data waits for a transaction group sync.
 * {@code path} is relative to the tree root ("" for a single file). An incremental verify that
 * read a file in part counts the chunks it took from the earlier manifest instead in
 * {@code reusedBytes} and {@code reusedChunks} ({@code chunks} counts them too).
 */
public record FileStats(String path, long size, long chunks, long dataBytes, long holeBytes,
                        long zeroChunks, long holeChunks, long seekCalls, long seekMicros,
                        long reusedBytes, long reusedChunks) {
    public FileStats {
        if (size < 0 || chunks < 0 || dataBytes < 0 || holeBytes < 0 || zeroChunks < 0 || holeChunks < 0
                || seekCalls < 0 || seekMicros < 0 || reusedBytes < 0 || reusedChunks < 0) {
            throw new IllegalArgumentException("negative count in stats of " + path);
        }
        if (dataBytes + holeBytes + reusedBytes != size) {
            throw new IllegalArgumentException("data " + dataBytes + " + holes " + holeBytes + " + reused "
                    + reusedBytes + " != size " + size);
        }
    }

    /** The stats of a file read whole. */
    public FileStats(String path, long size, long chunks, long dataBytes, long holeBytes, long zeroChunks,
                     long holeChunks, long seekCalls, long seekMicros) {
        this(path, size, chunks, dataBytes, holeBytes, zeroChunks, holeChunks, seekCalls, seekMicros, 0, 0);
    }
}
