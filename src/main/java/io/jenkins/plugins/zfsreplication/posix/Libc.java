package io.jenkins.plugins.zfsreplication.posix;

import jnr.ffi.annotations.SaveError;

/**
 * The libc calls this package binds with jnr-ffi. Addresses and sizes are passed as plain longs so
 * that reads go straight into native memory (no copy through the Java heap, no JVM flags).
 */
public interface Libc {
    @SaveError
    int open(String path, int flags);

    int close(int fd);

    @SaveError
    long lseek(int fd, long offset, int whence);

    @SaveError
    long pread(int fd, long address, long count, long offset);

    int posix_fadvise(int fd, long offset, long length, int advice);

    @SaveError
    int posix_memalign(long[] result, long alignment, long size);

    long calloc(long count, long size);

    void free(long address);

    int memcmp(long left, long right, long count);

    long memcpy(long destination, long source, long count);

    long memset(long address, int value, long count);
}
