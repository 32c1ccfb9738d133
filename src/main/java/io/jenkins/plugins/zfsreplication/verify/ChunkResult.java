package io.jenkins.plugins.zfsreplication.verify;

/**
 * One chunk's hash and how it was obtained: read and hashed, read and found zero, skipped as a
 * hole, or ({@code reused}) taken from an earlier manifest.
 */
record ChunkResult(String hash, long length, long readBytes, boolean hole, boolean zero, boolean reused) {
    ChunkResult(String hash, long length, long readBytes, boolean hole, boolean zero) {
        this(hash, length, readBytes, hole, zero, false);
    }

    static ChunkResult data(String hash, long length) {
        return new ChunkResult(hash, length, length, false, false);
    }

    static ChunkResult hole(String hash, long length) {
        return new ChunkResult(hash, length, 0, true, false);
    }

    static ChunkResult reused(String hash, long length) {
        return new ChunkResult(hash, length, 0, false, false, true);
    }
}
