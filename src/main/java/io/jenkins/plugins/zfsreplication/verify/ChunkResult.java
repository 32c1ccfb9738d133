package io.jenkins.plugins.zfsreplication.verify;

/** One chunk's hash and how it was obtained: read and hashed, read and found zero, or skipped as a hole. */
record ChunkResult(String hash, long length, long readBytes, boolean hole, boolean zero) {
    static ChunkResult data(String hash, long length) {
        return new ChunkResult(hash, length, length, false, false);
    }

    static ChunkResult hole(String hash, long length) {
        return new ChunkResult(hash, length, 0, true, false);
    }
}
