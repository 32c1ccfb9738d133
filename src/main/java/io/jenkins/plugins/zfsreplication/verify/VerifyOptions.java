package io.jenkins.plugins.zfsreplication.verify;

/**
 * Parameters of a verification run. A chunk is {@code count} blocks of {@code blockSize} bytes
 * (zfs-check's terms); the manifest depends on the chunk size and hash only, never on the sparse
 * mode or thread count.
 *
 * <p>Defaults: 1 MiB chunks ({@code --block-size 1M --count 1}) and xxh64. A chunk that fits the
 * CPU cache is read and hashed while still hot there, which measured twice as fast as 16 MiB chunks
 * with two threads; a 4 TiB disk gives a 4-million-line manifest (about 100 MiB).
 */
public record VerifyOptions(long blockSize, long count, HashAlgorithm hash, SparseMode sparse, int threads) {
    /** The defaults as users write them; the command line and the Jenkins steps take them from here. */
    public static final String DEFAULT_BLOCK_SIZE_TEXT = "1M";
    public static final String DEFAULT_HASH = "xxh64";
    public static final long DEFAULT_BLOCK_SIZE = 1L << 20;
    public static final long DEFAULT_COUNT = 1;
    /** Largest chunk: one pread moves at most 2 GiB, and whole-chunk hashing keeps a chunk in memory. */
    public static final long MAX_CHUNK_SIZE = 1L << 30;
    /** Native memory the whole-chunk buffers may use together; fewer threads run when chunks are huge. */
    static final long BUFFER_BUDGET = 128L << 20;
    /** Buffer of a streaming hash (sha*) whatever the chunk size. */
    static final long STREAMING_PIECE = 1L << 20;

    public VerifyOptions {
        if (hash == null || sparse == null) {
            throw new VerifyException("hash and sparse mode must be given");
        }
        if (blockSize <= 0 || Long.bitCount(blockSize) != 1) {
            throw new VerifyException("Block size %d is not a positive power of two: use e.g. 4K, 128K or 1M", blockSize);
        }
        if (count <= 0) {
            throw new VerifyException("Count %d must be at least 1 (a chunk is count blocks of block-size bytes)", count);
        }
        if (count > MAX_CHUNK_SIZE / blockSize) {
            throw new VerifyException("Chunk size %d x %d exceeds the limit of 1 GiB: lower --count or --block-size",
                    blockSize, count);
        }
        if (threads < 1 || threads > 256) {
            throw new VerifyException("Threads %d out of range: use 1 to 256", threads);
        }
    }

    /** The defaults with all cores hashing. */
    public static VerifyOptions defaults() {
        return new VerifyOptions(DEFAULT_BLOCK_SIZE, DEFAULT_COUNT, HashAlgorithm.XXH64, SparseMode.AUTO,
                Runtime.getRuntime().availableProcessors());
    }

    public long chunkSize() {
        return blockSize * count;
    }

    public VerifyOptions withThreads(int newThreads) {
        return new VerifyOptions(blockSize, count, hash, sparse, newThreads);
    }

    public VerifyOptions withSparse(SparseMode mode) {
        return new VerifyOptions(blockSize, count, hash, mode, threads);
    }

    /** Bytes one worker's buffer holds. */
    long bufferSize() {
        return hash.streaming() ? Math.min(chunkSize(), STREAMING_PIECE) : chunkSize();
    }

    /** Workers that run at once: the threads asked for, fewer when their buffers would pass the budget. */
    int workers() {
        long byBudget = Math.max(1, BUFFER_BUDGET / bufferSize());
        return (int) Math.min(threads, byBudget);
    }
}
