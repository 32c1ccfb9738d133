package io.jenkins.plugins.zfsreplication.posix;

import java.nio.file.Path;

/**
 * A file or block device opened read-only through libc: positional reads into native memory,
 * SEEK_DATA/SEEK_HOLE and posix_fadvise, none of which java.nio offers.
 */
public final class NativeFile implements AutoCloseable {
    private static final int O_RDONLY = 0;
    private static final int O_CLOEXEC = 0x80000;
    private static final int SEEK_END = 2;
    private static final int SEEK_DATA = 3;
    private static final int SEEK_HOLE = 4;
    private static final int ENXIO = 6;
    private static final int EINTR = 4;
    /** Linux transfers at most this many bytes per read call. */
    private static final long MAX_READ = 0x7ffff000L;

    private final Posix posix;
    private final Path path;
    private final int fd;
    private boolean closed;

    private NativeFile(Posix posix, Path path, int fd) {
        this.posix = posix;
        this.path = path;
        this.fd = fd;
    }

    static NativeFile open(Posix posix, Path path) {
        int fd = posix.libc().open(path.toString(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            throw new PosixException("Cannot open %s for reading: %s. Check that it exists and is readable.",
                    path, Posix.describe(posix.errno()));
        }
        return new NativeFile(posix, path, fd);
    }

    public Path path() {
        return path;
    }

    /** The size in bytes; works for block devices too, where stat reports 0. */
    public long size() {
        long end = posix.libc().lseek(fd, 0, SEEK_END);
        if (end < 0) {
            throw new PosixException("Cannot determine the size of %s: %s", path, Posix.describe(posix.errno()));
        }
        return end;
    }

    /**
     * The first offset at or after {@code offset} that holds data, {@code -1} when only a hole
     * follows, or {@code -2} when the file system or device does not support SEEK_DATA.
     */
    public long nextData(long offset) {
        return seek(offset, SEEK_DATA);
    }

    /** The first offset at or after {@code offset} that starts a hole (end of file counts as one); -1/-2 as above. */
    public long nextHole(long offset) {
        return seek(offset, SEEK_HOLE);
    }

    private long seek(long offset, int whence) {
        long result = posix.libc().lseek(fd, offset, whence);
        if (result >= 0) {
            return result;
        }
        return posix.errno() == ENXIO ? -1 : -2;
    }

    /**
     * Reads {@code length} bytes at {@code offset} into native memory at {@code address}, retrying
     * short reads. Returns the bytes read, less than {@code length} only at end of file.
     */
    public long read(long address, long length, long offset) {
        long done = 0;
        while (done < length) {
            long count = Math.min(length - done, MAX_READ);
            long n = posix.libc().pread(fd, address + done, count, offset + done);
            if (n == 0) {
                break;
            }
            if (n < 0) {
                int errno = posix.errno();
                if (errno == EINTR) {
                    continue;
                }
                throw new PosixException("Reading %d bytes at offset %d of %s failed: %s",
                        count, offset + done, path, Posix.describe(errno));
            }
            done += n;
        }
        return done;
    }

    /** Advises the kernel; advice is only a hint, so failures are ignored. */
    public void advise(long offset, long length, Advice advice) {
        posix.libc().posix_fadvise(fd, offset, length, advice.code());
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            posix.libc().close(fd);
        }
    }
}
