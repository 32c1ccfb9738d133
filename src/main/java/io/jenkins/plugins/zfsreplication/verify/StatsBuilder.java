package io.jenkins.plugins.zfsreplication.verify;

/** Accumulates one file's {@link FileStats} while its chunks are emitted. */
final class StatsBuilder {
    final String path;
    private final long size;
    long chunks;
    private long dataBytes;
    private long holeBytes;
    private long zeroChunks;
    private long holeChunks;
    private long reusedBytes;
    private long reusedChunks;

    StatsBuilder(String path, long size) {
        this.path = path;
        this.size = size;
    }

    void add(ChunkResult result) {
        chunks++;
        if (result.reused()) {
            reusedChunks++;
            reusedBytes += result.length();
        } else if (result.hole()) {
            holeChunks++;
            holeBytes += result.length();
        } else {
            dataBytes += result.length();
            if (result.zero()) {
                zeroChunks++;
            }
        }
    }

    FileStats build(long seekCalls, long seekMicros) {
        return new FileStats(path, size, chunks, new FileStats.Data(dataBytes, zeroChunks),
                new FileStats.Holes(holeBytes, holeChunks, seekCalls, seekMicros),
                new FileStats.Reuse(reusedBytes, reusedChunks));
    }
}
