package io.jenkins.plugins.zfsreplication.posix;

import java.nio.file.Path;
import jnr.constants.platform.OpenFlags;

/**
 * A named pipe (FIFO) held open read-write through libc, for what java.nio cannot do with it: read
 * and set its capacity (fcntl F_GETPIPE_SZ, F_SETPIPE_SZ). The capacity belongs to the pipe, not
 * to this descriptor: it holds while any process has either end open, and a pipe that every
 * process closed starts again at the kernel's default when it is next opened.
 */
public final class NativePipe implements AutoCloseable {
    /** Linux fcntl commands (F_LINUX_SPECIFIC_BASE + 7, + 8). */
    private static final int F_SETPIPE_SZ = 1031;
    private static final int F_GETPIPE_SZ = 1032;
    private static final int S_IFMT = 0170000;
    private static final int S_IFIFO = 0010000;
    private static final int AT_EMPTY_PATH = 0x1000;
    /** Read-write never blocks in open() on Linux, whether or not either end is open elsewhere. */
    private static final int FLAGS = OpenFlags.O_RDWR.intValue() | OpenFlags.O_NONBLOCK.intValue()
            | OpenFlags.O_CLOEXEC.intValue();

    private final Posix posix;
    private final String shown;
    private final int fd;
    private boolean closed;

    private NativePipe(Posix posix, String shown, int fd) {
        this.posix = posix;
        this.shown = shown;
        this.fd = fd;
    }

    /** Opens the FIFO {@code path} read-write; anything else there is refused (and left closed). */
    public static NativePipe open(Path path) {
        Posix posix = Posix.get();
        int fd = posix.libc().openat(NativeFile.AT_FDCWD, NativeName.of(path), FLAGS);
        if (fd < 0) {
            throw new PosixException("Cannot open the named pipe %s: %s", path, Posix.describe(posix.errno()));
        }
        NativePipe pipe = new NativePipe(posix, path.toString(), fd);
        try {
            FileStatus status = Posix.status(posix, fd, NativeName.empty(), AT_EMPTY_PATH, pipe.shown);
            if ((status.mode() & S_IFMT) != S_IFIFO) {
                throw new PosixException("%s is a %s, not a named pipe", path, status.kind());
            }
            return pipe;
        } catch (RuntimeException e) {
            pipe.close();
            throw e;
        }
    }

    /** The pipe's capacity in bytes. */
    public int capacity() {
        int size = posix.libc().fcntl(fd, F_GETPIPE_SZ, 0);
        if (size < 0) {
            throw new PosixException("Cannot read the capacity of %s: %s", shown, Posix.describe(posix.errno()));
        }
        return size;
    }

    /**
     * Sets the capacity to at least {@code bytes} (the kernel rounds up to a power of two pages) and
     * returns it. Fails when {@code bytes} is above /proc/sys/fs/pipe-max-size for an unprivileged
     * process, when the user's pipes already hold their limit (pipe-user-pages-soft), or when the
     * pipe holds more than the new capacity.
     */
    public int resize(int bytes) {
        int size = posix.libc().fcntl(fd, F_SETPIPE_SZ, bytes);
        if (size < 0) {
            throw new PosixException("Cannot set the capacity of %s to %d bytes: %s", shown, bytes,
                    Posix.describe(posix.errno()));
        }
        return size;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            posix.libc().close(fd);
        }
    }
}
