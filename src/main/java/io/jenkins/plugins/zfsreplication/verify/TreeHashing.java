package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.posix.NativeFile;
import io.jenkins.plugins.zfsreplication.posix.PosixException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Hashes a listed tree in listing order. Most trees are many small files, where the cost is per
 * file, not per byte: a small file (one chunk) is opened, fstat'ed, read in one call, hashed and
 * closed by one thread, with no hole mapping or read-ahead advice; consecutive small files go to
 * the hashing threads in batches, so the hand-off is paid per batch, not per file; with one thread
 * there is no hand-off at all. A large file is hashed chunk by chunk with all threads, as a single
 * file is. The manifest is written by the calling thread in listing order, so it is the same for
 * any number of threads.
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
    private final Consumer<String> beforeFile;
    private final Function<String, PartialRead.Factory> partials;

    /** {@code openers} must outlive {@code session} (close it after the session). */
    TreeHashing(HashingSession session, TreeOpener.PerThread openers) {
        this(session, openers, path -> { });
    }

    /**
     * Also calls {@code beforeFile} with each file's path right before its lines are written, on the
     * calling thread: an incremental verify writes the earlier manifest's lines that sort before it.
     */
    TreeHashing(HashingSession session, TreeOpener.PerThread openers, Consumer<String> beforeFile) {
        this(session, openers, beforeFile, path -> null);
    }

    /**
     * Also reads the large files {@code partials} has a partial read for (null: none) in part: an
     * incremental verify of files modified in place.
     */
    TreeHashing(HashingSession session, TreeOpener.PerThread openers, Consumer<String> beforeFile,
                Function<String, PartialRead.Factory> partials) {
        this.partials = partials;
        this.session = session;
        this.opener = openers;
        this.handOff = session.workers() > 1;
        this.window = 2 * session.workers();
        this.beforeFile = beforeFile;
    }

    /** A small file as hashed by a worker: its size and its one chunk (null when empty), or large when it grew past the limit. */
    private record Small(long size, ChunkResult chunk, boolean large) {
    }

    /** Consecutive files being hashed by a hashing thread, or to be hashed by the caller (future null). */
    private record Pending(String[] paths, Future<Small[]> future) {
    }

    /**
     * Hashes the files {@code walk} yields (relative paths in manifest order, null at the end) and
     * writes them to {@code writer} in that order, passing each one's statistics to {@code stats}
     * in that order too.
     */
    void run(Supplier<String> walk, ManifestWriter writer, Consumer<FileStats> stats) {
        Deque<Pending> pending = new ArrayDeque<>();
        boolean more = true;
        try {
            while (true) {
                while (more && pending.size() < window) {
                    String[] paths = nextBatch(walk);
                    more = paths.length == BATCH_FILES;
                    if (paths.length > 0) {
                        pending.add(new Pending(paths, handOff ? session.submit(() -> hashBatch(paths)) : null));
                    }
                }
                Pending batch = pending.poll();
                if (batch == null) {
                    return;
                }
                String[] paths = batch.paths();
                HashingSession.checkCancelled(paths[0]);
                Small[] results = batch.future() != null ? HashingSession.await(batch.future(), paths[0]) : hashBatch(paths);
                for (int i = 0; i < results.length; i++) {
                    stats.accept(results[i].large() ? hashLarge(paths[i], writer) : write(paths[i], results[i], writer));
                }
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

    private static String[] nextBatch(Supplier<String> walk) {
        String[] paths = new String[BATCH_FILES];
        int n = 0;
        String path;
        while (n < BATCH_FILES && (path = walk.get()) != null) {
            paths[n++] = path;
        }
        return n == BATCH_FILES ? paths : java.util.Arrays.copyOf(paths, n);
    }

    private FileStats write(String path, Small small, ManifestWriter writer) {
        beforeFile.accept(path);
        writer.file(path, small.size());
        if (small.chunk() == null) {
            return new FileStats(path, 0, 0, 0, 0, 0, 0, 0, 0);
        }
        writer.chunk(path, 0, small.chunk().hash());
        session.record(small.chunk());
        return new FileStats(path, small.size(), 1, small.size(), 0, small.chunk().zero() ? 1 : 0, 0, 0, 0);
    }

    /** Runs on a hashing thread (or the caller's, with one thread). */
    private Small[] hashBatch(String[] paths) {
        Small[] results = new Small[paths.length];
        long limit = session.smallFileLimit();
        for (int i = 0; i < paths.length; i++) {
            if (Thread.currentThread().isInterrupted()) {
                throw new VerifyCancelledException("Verification cancelled while hashing %s", paths[i]);
            }
            try (NativeFile file = open(paths[i])) {
                long size = file.openedStatus().size();
                // a large file: the calling thread hashes it chunk by chunk with all threads
                results[i] = size >= limit ? new Small(size, null, true)
                        : new Small(size, session.hashSmall(file, paths[i], size), false);
            }
        }
        return results;
    }

    private FileStats hashLarge(String path, ManifestWriter writer) {
        try (NativeFile file = open(path)) {
            beforeFile.accept(path);
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
