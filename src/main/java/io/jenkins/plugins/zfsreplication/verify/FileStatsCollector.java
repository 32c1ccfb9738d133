package io.jenkins.plugins.zfsreplication.verify;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Gathers the statistics of the files a verification reads, one file at a time: totals over all
 * of them, and the statistics of the largest few ({@code limit}) for the report. Holding one entry
 * per file until the end of a run made memory grow with the tree (791 MiB peak RSS for a million
 * tiny files) and the report with it; the manifest already lists every file, and the largest
 * files are where a run's time and holes are. Not thread-safe: the thread that writes the
 * manifest adds the files, one at a time or a {@link Batch} summed by the thread that hashed it.
 */
final class FileStatsCollector {
    /** How many files verify-report.json lists: every file of a smaller run. */
    static final int LISTED = 1000;

    /** Smallest first; of two the same size the later one, so the earlier one stays listed. */
    private static final Comparator<Listed> EVICTION_ORDER = Comparator.comparingLong((Listed listed) -> listed.stats().size())
            .thenComparing(Comparator.comparingLong(Listed::sequence).reversed());

    private final int limit;
    private final PriorityQueue<Listed> largest;
    private long files;
    private long bytes;
    private long chunks;
    private long dataBytes;
    private long holeBytes;
    private long zeroChunks;
    private long reusedBytes;
    private long reusedChunks;

    /** A file kept for the list, with its place in manifest order. */
    private record Listed(FileStats stats, long sequence) {
    }

    FileStatsCollector() {
        this(LISTED);
    }

    FileStatsCollector(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be positive: " + limit);
        }
        this.limit = limit;
        this.largest = new PriorityQueue<>(Math.min(limit, 64), EVICTION_ORDER);
    }

    /** Counts {@code file}, the next in manifest order. */
    void add(FileStats file) {
        long sequence = files++;
        bytes += file.size();
        chunks += file.chunks();
        dataBytes += file.dataBytes();
        holeBytes += file.holeBytes();
        zeroChunks += file.zeroChunks();
        reusedBytes += file.reusedBytes();
        reusedChunks += file.reusedChunks();
        offer(file, sequence);
    }

    /**
     * Counts {@code batch}, the next files in manifest order, as adding each in turn would; {@code sums}
     * is what they add up to. Only a batch with a file larger than the smallest listed one is looked
     * at file by file.
     */
    void add(FileStats[] batch, Batch sums) {
        if (sums.files != batch.length) {
            throw new IllegalArgumentException("sums of " + sums.files + " files for a batch of " + batch.length);
        }
        long first = files;
        files += sums.files;
        bytes += sums.bytes;
        chunks += sums.chunks;
        dataBytes += sums.dataBytes;
        holeBytes += sums.holeBytes;
        zeroChunks += sums.zeroChunks;
        reusedBytes += sums.reusedBytes;
        reusedChunks += sums.reusedChunks;
        if (largest.size() >= limit && sums.largestSize <= largest.peek().stats().size()) {
            return;
        }
        for (int i = 0; i < batch.length; i++) {
            offer(batch[i], first + i);
        }
    }

    private void offer(FileStats file, long sequence) {
        if (largest.size() < limit) {
            largest.add(new Listed(file, sequence));
        } else if (file.size() > largest.peek().stats().size()) {
            largest.poll();
            largest.add(new Listed(file, sequence));
        }
    }

    FileTotals totals() {
        return new FileTotals(files, bytes, chunks, dataBytes, holeBytes, zeroChunks, reusedBytes, reusedChunks);
    }

    /** The largest files added (all of them when no more than the limit), in the order they were added. */
    List<FileStats> listed() {
        List<Listed> kept = new ArrayList<>(largest);
        kept.sort(Comparator.comparingLong(Listed::sequence));
        List<FileStats> listed = new ArrayList<>(kept.size());
        for (Listed file : kept) {
            listed.add(file.stats());
        }
        return listed;
    }

    /**
     * The sums of consecutive files, made by the thread that hashed them (it alone adds to it) and
     * then handed to the collector's thread with the batch.
     */
    static final class Batch {
        private long files;
        private long bytes;
        private long chunks;
        private long dataBytes;
        private long holeBytes;
        private long zeroChunks;
        private long reusedBytes;
        private long reusedChunks;
        private long largestSize = -1;

        void add(FileStats file) {
            files++;
            bytes += file.size();
            chunks += file.chunks();
            dataBytes += file.dataBytes();
            holeBytes += file.holeBytes();
            zeroChunks += file.zeroChunks();
            reusedBytes += file.reusedBytes();
            reusedChunks += file.reusedChunks();
            largestSize = Math.max(largestSize, file.size());
        }

        /** The files' bytes in all. */
        long bytes() {
            return bytes;
        }
    }
}
