package io.jenkins.plugins.zfsreplication.posix;

import jnr.ffi.annotations.In;
import jnr.ffi.annotations.Out;
import jnr.ffi.annotations.SaveError;

/**
 * The libc calls this package binds with jnr-ffi. Addresses and sizes are passed as plain longs so
 * that reads go straight into native memory (no copy through the Java heap, no JVM flags). Paths
 * are NUL-terminated bytes ({@code NativeName}), not strings: jnr-ffi would encode a string in the
 * platform charset, which under a C locale (ASCII) cannot hold any other name.
 */
public interface Libc {
    @SaveError
    int openat(int directory, @In byte[] path, int flags);

    /** Linux statx (glibc 2.28): one struct layout on every architecture, unlike struct stat. */
    @SaveError
    int statx(int directory, @In byte[] path, int flags, int mask, @Out byte[] buffer);

    int close(int fd);

    /** fcntl with an int argument (F_GETPIPE_SZ, F_SETPIPE_SZ): the only forms used. */
    @SaveError
    int fcntl(int fd, int command, int argument);

    long fdopendir(int fd);

    /** struct dirent64 *, or 0 at the end (errno unchanged) or on an error (errno set). */
    @SaveError
    long readdir64(long directory);

    int closedir(long directory);

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
