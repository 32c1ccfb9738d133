package io.jenkins.plugins.zfsreplication.verify;

/**
 * Sums over every file a verification read (see {@link FileStats} for what each counts):
 * {@code files} of them, {@code bytes} long in all.
 */
public record FileTotals(long files, long bytes, long chunks, long dataBytes, long holeBytes, long zeroChunks,
                         long reusedBytes, long reusedChunks) {
    public FileTotals {
        if (files < 0 || bytes < 0 || chunks < 0 || dataBytes < 0 || holeBytes < 0 || zeroChunks < 0
                || reusedBytes < 0 || reusedChunks < 0) {
            throw new IllegalArgumentException("negative file totals");
        }
    }
}
