package io.jenkins.plugins.zfsreplication.verify;

/**
 * One chunk's hash and how it was obtained: read and hashed, read and found zero, skipped as a
 * hole, or ({@code reused}) taken from an earlier manifest. A chunk the file system could not read
 * (a session that tolerates read errors) has no hash and the error instead.
 */
record ChunkResult(String hash, long length, long readBytes, boolean hole, boolean zero, boolean reused, String error) {
    ChunkResult(String hash, long length, long readBytes, boolean hole, boolean zero) {
        this(hash, length, readBytes, hole, zero, false, null);
    }

    ChunkResult(String hash, long length, long readBytes, boolean hole, boolean zero, boolean reused) {
        this(hash, length, readBytes, hole, zero, reused, null);
    }

    static ChunkResult unreadable(long length, String error) {
        return new ChunkResult(null, length, 0, false, false, false, error);
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
