package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.posix.Advice;
import io.jenkins.plugins.zfsreplication.posix.NativeBuffer;
import io.jenkins.plugins.zfsreplication.posix.NativeFile;
import io.jenkins.plugins.zfsreplication.posix.Posix;
import io.jenkins.plugins.zfsreplication.posix.PosixException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Hashes files chunk by chunk: the calling thread walks the chunks and maps holes, N workers each
 * read a chunk into their own reused native buffer and hash it, and the caller emits results in
 * chunk order. While one worker reads, another hashes, so reading and hashing overlap; at most
 * {@code 2 N} chunks are in flight, so memory is bounded whatever the file size.
 *
 * <p>With a single hashing thread the calling thread reads ahead into a small pool of buffers
 * while the worker hashes, so reading and hashing still overlap. (With two or more workers,
 * reads inside the workers measured faster: one reader thread could not copy from the page cache
 * faster than about 4 GiB/s here.)
 */
final class HashingSession implements AutoCloseable {
    /** Read-ahead hint granularity: one posix_fadvise(WILLNEED) per this many bytes of data. */
    private static final long ADVISE_WINDOW = 32L << 20;

    private final VerifyOptions options;
    private final Posix posix;
    private final ThroughputRecorder recorder;
    private final ExecutorService executor;
    private final ThreadLocal<Worker> workers;
    private final List<Worker> allWorkers = new CopyOnWriteArrayList<>();
    private final NativeBuffer zeros;
    private final ChunkDigest zeroDigest;
    private final Map<Long, String> zeroHashes = new ConcurrentHashMap<>();
    private final int maxInFlight;
    /** Buffers the calling thread reads into when it is the reader (one hashing thread), else null. */
    private final BlockingQueue<NativeBuffer> readAhead;
    private final List<NativeBuffer> readAheadBuffers = new ArrayList<>();
    private final java.util.function.Consumer<String> log;
    /** The native xxHash library, or null for the Java implementations. */
    private final NativeXxHash xxhash;
    /**
     * A chunk whose read fails (EIO: ZFS found a checksum error and has no good copy) becomes a
     * result with the error instead of ending the session: a check of a backup names every chunk
     * it cannot read and goes on. Off for a verify, where a read error ends the run.
     */
    private final boolean tolerateReadErrors;

    HashingSession(VerifyOptions options, Posix posix, NativeXxHash xxhash, ThroughputRecorder recorder,
                   java.util.function.Consumer<String> log) {
        this(options, posix, xxhash, recorder, log, false);
    }

    HashingSession(VerifyOptions options, Posix posix, NativeXxHash xxhash, ThroughputRecorder recorder,
                   java.util.function.Consumer<String> log, boolean tolerateReadErrors) {
        this.tolerateReadErrors = tolerateReadErrors;
        this.log = log;
        this.xxhash = xxhash;
        this.options = options;
        this.posix = posix;
        this.recorder = recorder;
        int n = options.workers();
        this.maxInFlight = 2 * n;
        this.executor = Executors.newFixedThreadPool(n, runnable -> {
            Thread thread = new Thread(runnable, "zfsr-verify-hash");
            thread.setDaemon(true);
            return thread;
        });
        this.workers = ThreadLocal.withInitial(this::newWorker);
        this.zeros = NativeBuffer.zeros(posix, options.chunkSize());
        this.zeroDigest = ChunkDigest.of(options.hash(), xxhash);
        boolean separateReader = n == 1 && !options.hash().streaming();
        this.readAhead = separateReader ? new ArrayBlockingQueue<>(3) : null;
        for (int i = 0; separateReader && i < 3; i++) {
            NativeBuffer buffer = posix.allocate(options.bufferSize());
            readAheadBuffers.add(buffer);
            readAhead.add(buffer);
        }
    }

    private Worker newWorker() {
        Worker worker = new Worker(ChunkDigest.of(options.hash(), xxhash));
        allWorkers.add(worker);
        return worker;
    }

    /** The hash of {@code length} zero bytes, computed once per length. */
    String zeroHash(long length) {
        return zeroHashes.computeIfAbsent(length, this::computeZeroHash);
    }

    private synchronized String computeZeroHash(long length) {
        return zeroDigest.hashZeros(zeros, length);
    }

    /**
     * Hashes the first {@code size} bytes of one open file, passing each chunk's hash to {@code sink}
     * in order. The caller checks afterwards that the file did not change meanwhile.
     */
    FileStats hash(NativeFile file, String path, long size, ChunkSink sink) {
        return hash(file, path, size, sink, null);
    }

    /**
     * Like {@link #hash(NativeFile, String, long, ChunkSink)}, but each chunk {@code earlier} has a
     * hash for is taken over instead of read (null: every chunk is read).
     */
    FileStats hash(NativeFile file, String path, long size, ChunkSink sink, EarlierChunks earlier) {
        long chunk = options.chunkSize();
        // a partial read skips most chunks: read-ahead windows would fetch the skipped ones from
        // disk too (measured: a 1% change of a volume read in part took 86% of a full read's time
        // with them), so then only each chunk to read is announced
        file.advise(0, 0, earlier == null ? Advice.SEQUENTIAL : Advice.NORMAL);
        ExtentCursor cursor = new ExtentCursor(file, size, options.sparse().seek(), options.sparse() == SparseMode.AUTO);
        Deque<Future<ChunkResult>> pending = new ArrayDeque<>();
        StatsBuilder stats = new StatsBuilder(path, size);
        long advisedUpTo = 0;
        for (long offset = 0; offset < size; offset += chunk) {
            checkCancelled(path);
            long length = Math.min(chunk, size - offset);
            String taken = earlier == null ? null : earlier.hashOf(offset / chunk, offset, length);
            if (taken != null) {
                pending.add(CompletableFuture.completedFuture(ChunkResult.reused(taken, length)));
            } else if (cursor.isHole(offset, length)) {
                pending.add(CompletableFuture.completedFuture(ChunkResult.hole(zeroHash(length), length)));
            } else {
                if (earlier != null) {
                    file.advise(offset, length, Advice.WILLNEED);
                } else if (offset + ADVISE_WINDOW / 2 >= advisedUpTo) {
                    advisedUpTo = Math.max(advisedUpTo, offset);
                    file.advise(advisedUpTo, ADVISE_WINDOW, Advice.WILLNEED);
                    advisedUpTo += ADVISE_WINDOW;
                }
                pending.add(submit(file, path, offset, length, cursor.dataRanges(offset, length)));
            }
            while (!pending.isEmpty() && (pending.size() > maxInFlight || pending.peek().isDone())) {
                emit(pending.poll(), stats, sink);
            }
        }
        try {
            while (!pending.isEmpty()) {
                emit(pending.poll(), stats, sink);
            }
        } finally {
            pending.forEach(future -> future.cancel(true));
        }
        if (cursor.note() != null) {
            log.accept((path.isEmpty() ? file.path().toString() : path) + ": " + cursor.note());
        }
        return stats.build(cursor.calls(), cursor.nanos() / 1000);
    }

    /** Files shorter than this are read in one call and hashed by one worker: {@link #hashSmall}. */
    long smallFileLimit() {
        return options.bufferSize();
    }

    /** Runs {@code task} on a hashing thread (whose worker {@link #hashSmall} then uses). */
    <T> Future<T> submit(java.util.concurrent.Callable<T> task) {
        return executor.submit(task);
    }

    /**
     * Hashes a whole file of {@code size} bytes (less than {@link #smallFileLimit()}: one chunk, or
     * none when empty) on the calling thread, with one read of {@code size + 1} bytes and none of
     * the machinery of large files (no hole mapping, no read-ahead advice, no hand-off). That one
     * read returning other than {@code size} bytes means the file grew or shrank since {@code size}
     * was taken from fstat after open: the run fails rather than record the old size. Returns null
     * for an empty file.
     */
    ChunkResult hashSmall(NativeFile file, String path, long size) {
        Worker worker = workers.get();
        NativeBuffer buffer = worker.buffer();
        long n = file.readOnce(buffer.address(), size + 1, 0);
        if (n < size && n > 0) {
            n += file.read(buffer.address() + n, size + 1 - n, n);
        }
        if (n != size) {
            throw changedSize(file, path, size, n);
        }
        if (size == 0) {
            return null;
        }
        return worker.hashRead(buffer, size, size);
    }

    static VerifyException changedSize(NativeFile file, String path, long before, long after) {
        return new VerifyException("%s changed size while being read (%d bytes, then %s%d): verify a snapshot"
                + " or a file nobody writes to", path.isEmpty() ? file.path() : path, before,
                after > before ? "at least " : "", after);
    }

    private Future<ChunkResult> submit(NativeFile file, String path, long offset, long length, long[] ranges) {
        if (readAhead == null) {
            return executor.submit(() -> workers.get().hashChunk(file, offset, length, ranges));
        }
        NativeBuffer buffer;
        try {
            buffer = readAhead.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VerifyCancelledException("Verification cancelled while hashing %s", path);
        }
        try {
            long read;
            try {
                read = readChunk(file, buffer, offset, length, ranges);
            } catch (PosixException e) {
                if (!tolerateReadErrors) {
                    throw e;
                }
                readAhead.add(buffer);
                return CompletableFuture.completedFuture(ChunkResult.unreadable(length, e.getMessage()));
            }
            return executor.submit(() -> {
                try {
                    return workers.get().hashRead(buffer, length, read);
                } finally {
                    readAhead.add(buffer);
                }
            });
        } catch (RuntimeException e) {
            readAhead.add(buffer);
            throw e;
        }
    }

    /**
     * Reads a chunk into {@code buffer}: all of it, or (when {@code ranges} is given) only its data
     * ranges, the rest zero-filled in memory. Returns the bytes read from the file.
     */
    private static long readChunk(NativeFile file, NativeBuffer buffer, long offset, long length, long[] ranges) {
        if (ranges == null) {
            readFully(file, buffer, offset, length);
            return length;
        }
        buffer.zero(length);
        long read = 0;
        for (int i = 0; i < ranges.length; i += 2) {
            long n = file.read(buffer.address() + (ranges[i] - offset), ranges[i + 1] - ranges[i], ranges[i]);
            if (n != ranges[i + 1] - ranges[i]) {
                throw new VerifyException("%s shrank while being read: expected %d bytes at offset %d, got %d."
                        + " Verify a snapshot or a file nobody writes to.", file.path(), ranges[i + 1] - ranges[i], ranges[i], n);
            }
            read += n;
        }
        return read;
    }

    private static void readFully(NativeFile file, NativeBuffer buffer, long offset, long length) {
        long n = file.read(buffer.address(), length, offset);
        if (n != length) {
            throw new VerifyException("%s shrank while being read: expected %d bytes at offset %d, got %d."
                    + " Verify a snapshot or a file nobody writes to.", file.path(), length, offset, n);
        }
    }

    private void emit(Future<ChunkResult> future, StatsBuilder stats, ChunkSink sink) {
        ChunkResult result = await(future, stats.path);
        if (result.error() != null) {
            sink.unreadable(stats.chunks, result.error());
        } else {
            sink.chunk(stats.chunks, result.hash());
        }
        stats.add(result);
        record(result);
    }

    /** Counts a hashed chunk in the throughput samples. */
    void record(ChunkResult result) {
        recorder.add(result.length(), result.readBytes(), result.hole() ? result.length() : 0);
    }

    /** Counts small files read whole ({@code bytes} in all) in the throughput samples. */
    void recordSmall(long bytes) {
        recorder.add(bytes, bytes, 0);
    }

    /** Hashing threads that run at once. */
    int workers() {
        return options.workers();
    }

    static <T> T await(Future<T> future, String path) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VerifyCancelledException("Verification cancelled while hashing %s", path);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            throw new VerifyException(cause, "Hashing %s failed: %s", path, cause);
        }
    }

    static void checkCancelled(String path) {
        if (Thread.currentThread().isInterrupted()) {
            throw new VerifyCancelledException("Verification cancelled while hashing %s", path);
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
        // a cancelled run (its thread interrupted) waits too: its hashing threads end after their current read
        boolean interrupted = Thread.interrupted();
        boolean ended;
        try {
            ended = executor.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            interrupted = true;
            ended = false;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if (!ended) {
            return; // a worker is stuck in a read: leak its buffer rather than free memory in use
        }
        allWorkers.forEach(Worker::close);
        readAheadBuffers.forEach(NativeBuffer::close);
        zeros.close();
    }

    /** Receives chunk hashes in order. */
    interface ChunkSink {
        void chunk(long index, String hash);

        /**
         * Chunk {@code index} could not be read ({@code error} says why); only a session that
         * tolerates read errors reports one, every other ends with the error.
         */
        default void unreadable(long index, String error) {
            throw new VerifyException("%s", error);
        }
    }

    /** The chunks of a file an earlier manifest already holds, asked in ascending order. */
    interface EarlierChunks {
        /** The earlier hash of chunk {@code index} ({@code length} bytes at {@code offset}) to take over, or null to read it. */
        String hashOf(long index, long offset, long length);
    }

    private final class Worker {
        private final ChunkDigest digest;
        private NativeBuffer buffer;

        Worker(ChunkDigest digest) {
            this.digest = digest;
        }

        NativeBuffer buffer() {
            if (buffer == null) {
                buffer = posix.allocate(options.bufferSize());
            }
            return buffer;
        }

        ChunkResult hashChunk(NativeFile file, long offset, long length, long[] ranges) {
            buffer();
            try {
                if (options.hash().streaming()) {
                    return streamChunk(file, offset, length);
                }
                return hashRead(buffer, length, readChunk(file, buffer, offset, length, ranges));
            } catch (PosixException e) {
                if (!tolerateReadErrors) {
                    throw e;
                }
                return ChunkResult.unreadable(length, e.getMessage());
            }
        }

        /** Hashes a chunk already read into {@code data}; an all-zero chunk gets the precomputed hash. */
        ChunkResult hashRead(NativeBuffer data, long length, long read) {
            if (options.sparse().zeroCheck() && data.sameBytes(zeros, length)) {
                return new ChunkResult(zeroHash(length), length, read, false, true);
            }
            return new ChunkResult(digest.hash(data, length), length, read, false, false);
        }

        private ChunkResult streamChunk(NativeFile file, long offset, long length) {
            digest.reset();
            for (long done = 0; done < length; done += buffer.capacity()) {
                int piece = (int) Math.min(buffer.capacity(), length - done);
                readFully(file, buffer, offset + done, piece);
                digest.update(buffer, piece);
            }
            return ChunkResult.data(digest.finish(), length);
        }

        void close() {
            if (buffer != null) {
                buffer.close();
            }
        }
    }
}
