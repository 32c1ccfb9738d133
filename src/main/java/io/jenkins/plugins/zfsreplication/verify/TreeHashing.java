package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.posix.NativeFile;
import io.jenkins.plugins.zfsreplication.posix.PosixException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * Hashes a listed tree in listing order. Most trees are many small files, where the cost is per
 * file, not per byte: a small file (one chunk) is opened, fstat'ed, read in one call, hashed and
 * closed by one thread, with no hole mapping or read-ahead advice; consecutive small files go to
 * the hashing threads in batches, so the hand-off is paid per batch, not per file; with one thread
 * there is no hand-off at all. A large file is hashed chunk by chunk with all threads, as a single
 * file is. The hashing thread also makes its batch's manifest lines and statistics; the calling
 * thread appends finished batches in listing order (and hashes the large files in their place), so
 * the manifest is the same for any number of threads and the calling thread, which alone walks the
 * tree, is not what the hashing threads wait for.
 */
final class TreeHashing {
    /**
     * Files per batch handed to a hashing thread. Measured in process on 50,000 files of 1-32 KiB
     * with two threads (eight runs each, interleaved, on a loaded machine): batches of one file took
     * a median 1.15 s of CPU, batches of 64 files 0.74 s.
     */
    static final int BATCH_FILES = 64;

    private final HashingSession session;
    private final TreeOpener.PerThread opener;
    private final boolean handOff;
    private final int window;
    /** Null when nothing is written between files: then a batch of small files is appended whole. */
    private final Consumer<String> beforeFile;
    private final IntConsumer beforeBatch;
    private final Function<String, PartialRead.Factory> partials;

    /** {@code openers} must outlive {@code session} (close it after the session). */
    TreeHashing(HashingSession session, TreeOpener.PerThread openers) {
        this(session, openers, null, path -> null, batch -> { });
    }

    /**
     * Also calls {@code beforeFile} with each file's path right before its lines are written, on the
     * calling thread: an incremental verify writes the earlier manifest's lines that sort before it.
     */
    TreeHashing(HashingSession session, TreeOpener.PerThread openers, Consumer<String> beforeFile) {
        this(session, openers, beforeFile, path -> null, batch -> { });
    }

    /**
     * Also reads the large files {@code partials} has a partial read for (null: none) in part: an
     * incremental verify of files modified in place.
     */
    TreeHashing(HashingSession session, TreeOpener.PerThread openers, Consumer<String> beforeFile,
                Function<String, PartialRead.Factory> partials) {
        this(session, openers, beforeFile, partials, batch -> { });
    }

    /**
     * Also calls {@code beforeBatch} with each batch's number (from 0, in listing order) on the
     * thread that hashes it, before it does: a test holds batches back so that they finish out of
     * order.
     */
    TreeHashing(HashingSession session, TreeOpener.PerThread openers, IntConsumer beforeBatch) {
        this(session, openers, null, path -> null, beforeBatch);
    }

    private TreeHashing(HashingSession session, TreeOpener.PerThread openers, Consumer<String> beforeFile,
                        Function<String, PartialRead.Factory> partials, IntConsumer beforeBatch) {
        this.partials = partials;
        this.session = session;
        this.opener = openers;
        this.handOff = session.workers() > 1;
        this.window = 2 * session.workers();
        this.beforeFile = beforeFile;
        this.beforeBatch = beforeBatch;
    }

    /**
     * A batch as its hashing thread left it: the manifest lines of its small files in order
     * ({@code ends[i]}: where file i's lines end in {@code lines}; a large file has none), each
     * small file's statistics (null for a large file) and their sums, made on that thread so the
     * calling thread only appends finished batches.
     */
    private record Hashed(String lines, int[] ends, FileStats[] files, FileStatsCollector.Batch sums, boolean anyLarge) {
    }

    /** Consecutive files being hashed by a hashing thread, or to be hashed by the caller (future null). */
    private record Pending(int index, String[] paths, Future<Hashed> future) {
    }

    /**
     * Hashes the files {@code walk} yields (relative paths in manifest order, null at the end) and
     * writes them to {@code writer} in that order, adding each one's statistics to {@code stats}
     * in that order too: a batch of small files at once when nothing is written between its files.
     */
    void run(Supplier<String> walk, ManifestWriter writer, FileStatsCollector stats) {
        run(walk, writer, stats::add, stats);
    }

    /**
     * The same, passing each file's statistics to {@code stats} in manifest order.
     */
    void run(Supplier<String> walk, ManifestWriter writer, Consumer<FileStats> stats) {
        run(walk, writer, stats, null);
    }

    private void run(Supplier<String> walk, ManifestWriter writer, Consumer<FileStats> stats, FileStatsCollector batches) {
        Deque<Pending> pending = new ArrayDeque<>();
        boolean more = true;
        int submitted = 0;
        try {
            while (true) {
                while (more && pending.size() < window) {
                    String[] paths = nextBatch(walk);
                    more = paths.length == BATCH_FILES;
                    if (paths.length > 0) {
                        int index = submitted++;
                        pending.add(new Pending(index, paths, handOff ? session.submit(() -> hashBatch(index, paths)) : null));
                    }
                }
                Pending batch = pending.poll();
                if (batch == null) {
                    return;
                }
                String[] paths = batch.paths();
                HashingSession.checkCancelled(paths[0]);
                Hashed hashed = batch.future() != null ? HashingSession.await(batch.future(), paths[0])
                        : hashBatch(batch.index(), paths);
                append(paths, hashed, writer, stats, batches);
            }
        } catch (PosixException e) {
            throw new VerifyException(e, "%s", e.getMessage());
        } finally {
            for (Pending left : pending) {
                if (left.future() != null) {
                    left.future().cancel(false);
                }
            }
        }
    }

    /** Appends a finished batch: whole when nothing goes between its files, else file by file. */
    private void append(String[] paths, Hashed hashed, ManifestWriter writer, Consumer<FileStats> stats,
                        FileStatsCollector batches) {
        FileStatsCollector.Batch sums = hashed.sums();
        session.recordSmall(sums.bytes());
        if (!hashed.anyLarge() && beforeFile == null && batches != null) {
            writer.lines(hashed.lines(), 0, hashed.lines().length());
            batches.add(hashed.files(), sums);
            return;
        }
        int start = 0;
        for (int i = 0; i < paths.length; i++) {
            if (hashed.files()[i] == null) {
                stats.accept(hashLarge(paths[i], writer));
                continue;
            }
            if (beforeFile != null) {
                beforeFile.accept(paths[i]);
            }
            writer.lines(hashed.lines(), start, hashed.ends()[i]);
            start = hashed.ends()[i];
            stats.accept(hashed.files()[i]);
        }
    }

    private static String[] nextBatch(Supplier<String> walk) {
        String[] paths = new String[BATCH_FILES];
        int n = 0;
        String path;
        while (n < BATCH_FILES && (path = walk.get()) != null) {
            paths[n++] = path;
        }
        return n == BATCH_FILES ? paths : java.util.Arrays.copyOf(paths, n);
    }

    /**
     * Runs on a hashing thread (or the caller's, with one thread): hashes the batch's small files
     * and makes their manifest lines and statistics; a large file is left to the calling thread.
     */
    private Hashed hashBatch(int index, String[] paths) {
        beforeBatch.accept(index);
        FileStats[] files = new FileStats[paths.length];
        int[] ends = new int[paths.length];
        StringBuilder lines = new StringBuilder(paths.length * 128);
        FileStatsCollector.Batch sums = new FileStatsCollector.Batch();
        boolean anyLarge = false;
        long limit = session.smallFileLimit();
        for (int i = 0; i < paths.length; i++) {
            if (Thread.currentThread().isInterrupted()) {
                throw new VerifyCancelledException("Verification cancelled while hashing %s", paths[i]);
            }
            try (NativeFile file = open(paths[i])) {
                long size = file.openedStatus().size();
                if (size >= limit) {
                    // a large file: the calling thread hashes it chunk by chunk with all threads
                    anyLarge = true;
                } else {
                    ChunkResult chunk = session.hashSmall(file, paths[i], size);
                    ManifestWriter.smallFile(lines, paths[i], size, chunk == null ? null : chunk.hash());
                    files[i] = new FileStats(paths[i], size, chunk == null ? 0 : 1,
                            new FileStats.Data(size, chunk != null && chunk.zero() ? 1 : 0), FileStats.Holes.NONE,
                            FileStats.Reuse.NONE);
                    sums.add(files[i]);
                }
            }
            ends[i] = lines.length();
        }
        return new Hashed(lines.toString(), ends, files, sums, anyLarge);
    }

    private FileStats hashLarge(String path, ManifestWriter writer) {
        try (NativeFile file = open(path)) {
            if (beforeFile != null) {
                beforeFile.accept(path);
            }
            PartialRead.Factory partial = partials.apply(path);
            return partial == null ? Verifier.hashOpen(session, writer, file, path)
                    : Verifier.hashOpen(session, writer, file, path, partial);
        }
    }

    private NativeFile open(String path) {
        try {
            NativeFile file = opener.get().open(path);
            if (!file.openedStatus().isRegularFile()) {
                file.close();
                throw new VerifyException("%s was listed as a regular file but is now a %s: the tree changed while"
                        + " being verified; verify a snapshot", path, file.openedStatus().kind());
            }
            return file;
        } catch (PosixException e) {
            throw new VerifyException(e, "%s (the tree changed while being verified? verify a snapshot)", e.getMessage());
        }
    }
}
