package io.jenkins.plugins.zfsreplication.verify;

import java.util.List;

/**
 * What a verification run produced besides the manifest: per-file statistics, entries of a tree
 * that were not hashed (symlinks, special files), throughput samples and the log.
 */
public record VerifyResult(String target, ManifestHeader header, VerifyOptions options, List<FileStats> files,
                           List<Skipped> skipped, List<ThroughputRecorder.Sample> samples, double seconds,
                           List<String> log) {
    /** A tree entry that was reported, not hashed. */
    public record Skipped(String path, String reason) {
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
