package io.jenkins.plugins.zfsreplication.verify;

import java.util.List;

/**
 * What a verification run produced besides the manifest: statistics of the files it read, entries
 * of a tree that were not hashed (symlinks, special files), throughput samples, the log, and for an
 * incremental verify what it took over from the earlier manifest ({@code incremental}, null for a
 * plain verify).
 */
public record VerifyResult(String target, ManifestHeader header, VerifyOptions options, List<FileStats> files,
                           List<Skipped> skipped, List<ThroughputRecorder.Sample> samples, double seconds,
                           List<String> log, Incremental incremental) {
    /** A tree entry that was reported, not hashed. */
    public record Skipped(String path, String reason) {
    }

    /**
     * An incremental verify since the snapshot {@code since}: the files, bytes and chunks whose lines
     * came from the earlier manifest; or, when {@code fullBecause} is set, why it read everything.
     */
    public record Incremental(String since, long reusedFiles, long reusedBytes, long reusedChunks, String fullBecause) {
    }

    public VerifyResult {
        files = List.copyOf(files);
        skipped = List.copyOf(skipped);
        samples = List.copyOf(samples);
        log = List.copyOf(log);
    }

    public long bytes() {
        return files.stream().mapToLong(FileStats::size).sum();
    }

    public long dataBytes() {
        return files.stream().mapToLong(FileStats::dataBytes).sum();
    }

    public long holeBytes() {
        return files.stream().mapToLong(FileStats::holeBytes).sum();
    }

    public long chunks() {
        return files.stream().mapToLong(FileStats::chunks).sum();
    }

    public long zeroChunks() {
        return files.stream().mapToLong(FileStats::zeroChunks).sum();
    }
}
