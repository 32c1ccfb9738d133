package io.jenkins.plugins.zfsreplication.verify;

import java.util.List;

/**
 * What a verification run produced besides the manifest: totals over the files it read and the
 * statistics of the largest of them ({@code files}: every file of a run of at most
 * {@value FileStatsCollector#LISTED}), the entries of a tree that were not hashed (symlinks,
 * special files: the first {@value FileStatsCollector#LISTED} of {@code skippedCount}), throughput
 * samples, the log, and for an incremental verify what it took over from the earlier manifest
 * ({@code incremental}, null for a plain verify). What is held does not grow with the tree: the
 * manifest lists every file. A run cancelled while it hashed (an interrupt: an aborted build, a
 * signal) says why in {@code cancelled} (null for a run that ended): it wrote no manifest, and its
 * totals and files are those hashed before the cancel. {@code hashing}: the parameters it hashed
 * with and what computed the hashes.
 */
public record VerifyResult(String target, ManifestHeader header, Hashing hashing, Read read, Timing timing,
                           List<String> log, Incremental incremental, String cancelled) {
    /** What the run read ({@code totals}, the {@code files} it lists) and what it skipped. */
    public record Read(FileTotals totals, List<FileStats> files, List<Skipped> skipped, long skippedCount) {
        public Read {
            files = List.copyOf(files);
            skipped = List.copyOf(skipped);
            if (files.size() > totals.files() || skipped.size() > skippedCount) {
                throw new IllegalArgumentException("more files or skipped entries listed than counted");
            }
        }
    }

    /** The run's throughput samples and the seconds it took. */
    public record Timing(List<ThroughputRecorder.Sample> samples, double seconds) {
        public Timing {
            samples = List.copyOf(samples);
        }
    }

    /**
     * The parameters a run hashed with ({@code options}) and what computed its hashes
     * ({@code implementation}: the xxHash library, or Java where it is not installed).
     */
    public record Hashing(VerifyOptions options, HashImplementation implementation) {
        public Hashing {
            if (options == null || implementation == null) {
                throw new IllegalArgumentException("hashing needs its options and implementation");
            }
        }
    }

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
        log = List.copyOf(log);
    }

    public FileTotals totals() {
        return read.totals();
    }

    public List<FileStats> files() {
        return read.files();
    }

    public List<Skipped> skipped() {
        return read.skipped();
    }

    public long skippedCount() {
        return read.skippedCount();
    }

    public List<ThroughputRecorder.Sample> samples() {
        return timing.samples();
    }

    public double seconds() {
        return timing.seconds();
    }

    /** The parameters the run hashed with. */
    public VerifyOptions options() {
        return hashing.options();
    }

    /** The files read (hashed whole or in part). */
    public long fileCount() {
        return totals().files();
    }

    public long bytes() {
        return totals().bytes();
    }

    /** The bytes of the files read taken from an earlier manifest's chunks: files read in part. */
    public long reusedBytes() {
        return totals().reusedBytes();
    }

    /** The chunks of the files read taken from an earlier manifest. */
    public long reusedChunks() {
        return totals().reusedChunks();
    }

    /** What was read or mapped as holes: {@link #bytes()} less what was taken from an earlier manifest. */
    public long readBytes() {
        return bytes() - reusedBytes();
    }

    public long dataBytes() {
        return totals().dataBytes();
    }

    public long holeBytes() {
        return totals().holeBytes();
    }

    public long chunks() {
        return totals().chunks();
    }

    public long zeroChunks() {
        return totals().zeroChunks();
    }
}
