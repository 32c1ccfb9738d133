package io.jenkins.plugins.zfsreplication.posix;

/**
 * Native memory outside the Java heap, allocated once and reused: on these machines first touch of
 * fresh memory costs more than reading the data, so buffers live as long as a verification run.
 * Hash functions read it through {@link #address()} ({@code LongHashFunction.hashMemory}), which
 * needs no JVM flag, unlike the direct-ByteBuffer path.
 */
public final class NativeBuffer implements AutoCloseable {
    private static final long ALIGNMENT = 4096;

    private final Posix posix;
    private final long address;
    private final long capacity;
    private boolean closed;

    private NativeBuffer(Posix posix, long address, long capacity) {
        this.posix = posix;
        this.address = address;
        this.capacity = capacity;
    }

    static NativeBuffer allocate(Posix posix, long size) {
        if (size <= 0) {
            throw new IllegalArgumentException("buffer size must be positive: " + size);
        }
        long[] result = new long[1];
        int rc = posix.libc().posix_memalign(result, ALIGNMENT, size);
        if (rc != 0 || result[0] == 0) {
            throw new PosixException("posix_memalign of %d bytes failed: %s", size, Posix.describe(rc));
        }
        return new NativeBuffer(posix, result[0], size);
    }

    /** A zero-filled region that costs no memory until written (calloc maps the shared zero page). */
    public static NativeBuffer zeros(Posix posix, long size) {
        long address = posix.libc().calloc(1, size);
        if (address == 0) {
            throw new PosixException("calloc of %d bytes failed", size);
        }
        return new NativeBuffer(posix, address, size);
    }

    public long address() {
        return address;
    }

    public long capacity() {
        return capacity;
    }

    /** True when the first {@code length} bytes equal those of {@code other} (memcmp, vectorised by libc). */
    public boolean sameBytes(NativeBuffer other, long length) {
        checkLength(length);
        other.checkLength(length);
        return posix.libc().memcmp(address, other.address, length) == 0;
    }

    /** Sets the first {@code length} bytes to zero. */
    public void zero(long length) {
        checkLength(length);
        posix.libc().memset(address, 0, length);
    }

    /** Copies {@code length} bytes at {@code offset} into {@code target} (for heap-only APIs such as MessageDigest). */
    public void copyTo(long offset, byte[] target, int length) {
        copyTo(offset, target, 0, length);
    }

    /** Copies {@code length} bytes at {@code offset} into {@code target} from {@code targetOffset} on. */
    public void copyTo(long offset, byte[] target, int targetOffset, int length) {
        checkLength(offset + length);
        posix.libc().read(address + offset, target, targetOffset, length);
    }

    private void checkLength(long length) {
        if (length < 0 || length > capacity) {
            throw new IllegalArgumentException("length " + length + " outside buffer of " + capacity + " bytes");
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            posix.libc().free(address);
        }
    }
}
