package io.jenkins.plugins.zfsreplication.posix;

import java.nio.file.Path;
import jnr.constants.platform.Errno;
import jnr.constants.platform.OpenFlags;

/**
 * A file or block device opened read-only through libc: positional reads into native memory,
 * SEEK_DATA/SEEK_HOLE and posix_fadvise, none of which java.nio offers.
 */
public final class NativeFile implements AutoCloseable {
    static final int AT_FDCWD = -100;
    private static final int AT_EMPTY_PATH = 0x1000;
    private static final int READ_FLAGS = OpenFlags.O_RDONLY.intValue() | OpenFlags.O_CLOEXEC.intValue()
            | OpenFlags.O_NOFOLLOW.intValue() | OpenFlags.O_NONBLOCK.intValue();
    /** For input files named by a user: links followed, but still never blocking in open(). */
    private static final int INPUT_FLAGS = OpenFlags.O_RDONLY.intValue() | OpenFlags.O_CLOEXEC.intValue()
            | OpenFlags.O_NONBLOCK.intValue();
    private static final int ELOOP = Errno.ELOOP.intValue();
    private static final int SEEK_END = 2;
    private static final int SEEK_DATA = 3;
    private static final int SEEK_HOLE = 4;
    private static final int ENXIO = 6;
    private static final int EINTR = 4;
    /** Linux transfers at most this many bytes per read call. */
    private static final long MAX_READ = 0x7ffff000L;

    private final Posix posix;
    /** For messages: the directory the file was opened in (the file's own path when {@link #name} is null). */
    private final String directory;
    private final String name;
    private final int fd;
    private FileStatus opened;
    private boolean closed;

    private NativeFile(Posix posix, String directory, String name, int fd) {
        this.posix = posix;
        this.directory = directory;
        this.name = name;
        this.fd = fd;
    }

    /**
     * Opens {@code path} (NUL-terminated, relative to the directory {@code directory}, or to the
     * working directory for {@link #AT_FDCWD}) as a regular file or block device, never following a
     * symbolic link in its last component and never blocking: a FIFO or device swapped in after a
     * directory was listed is refused instead of hanging in open(), a symbolic link instead of
     * reading its target. The file is named {@code shown}, or {@code shown/name} when {@code name}
     * is not null (that path is made only for messages: a tree opens many files).
     */
    static NativeFile open(Posix posix, int directory, byte[] path, String shown, String name) {
        int fd = posix.libc().openat(directory, path, READ_FLAGS);
        if (fd < 0) {
            int errno = posix.errno();
            String file = name == null ? shown : NativeName.child(shown, name);
            if (errno == ELOOP) {
                throw new PosixException("%s is a symbolic link: not followed", file);
            }
            throw new PosixException("Cannot open %s for reading: %s. Check that it exists and is readable.",
                    file, Posix.describe(errno));
        }
        return ofKind(new NativeFile(posix, shown, name, fd),
                status -> status.isRegularFile() || status.isBlockDevice(),
                (file, status) -> new PosixException("%s is a %s, not a regular file or block device: not read",
                        file.path(), status.kind()));
    }

    /** {@code file} if fstat says it is of a kind {@code accepted} takes; else it is closed and {@code refusal} thrown. */
    private static NativeFile ofKind(NativeFile file, java.util.function.Predicate<FileStatus> accepted,
                                     java.util.function.BiFunction<NativeFile, FileStatus, PosixException> refusal) {
        try {
            FileStatus status = file.status();
            if (!accepted.test(status)) {
                throw refusal.apply(file, status);
            }
            file.opened = status;
            return file;
        } catch (RuntimeException e) {
            file.close();
            throw e;
        }
    }

    /**
     * Opens {@code path}, following links, as a regular file only: a plan or manifest someone names.
     * A FIFO is refused instead of hanging in open() until a writer comes, a device (such as
     * /dev/zero, endless) or a directory instead of being read. {@code what} names it in messages,
     * such as "the plan".
     */
    static NativeFile openRegular(Posix posix, Path path, String what) {
        int fd = posix.libc().openat(AT_FDCWD, NativeName.of(path), INPUT_FLAGS);
        if (fd < 0) {
            throw new PosixException("Cannot read %s %s: %s", what, path, Posix.describe(posix.errno()));
        }
        return ofKind(new NativeFile(posix, path.toString(), null, fd), FileStatus::isRegularFile, (file, status) ->
                new PosixException("Cannot read %s %s: it is a %s, not a regular file", what, path, status.kind()));
    }

    /** The status fstat gave when the file was opened. */
    public FileStatus openedStatus() {
        return opened;
    }

    /** fstat now (statx with AT_EMPTY_PATH): type, size and modification time. */
    public FileStatus status() {
        return Posix.status(posix, fd, NativeName.empty(), AT_EMPTY_PATH, path());
    }

    /**
     * The file's path, for messages only: a string, since a {@link Path} cannot hold every name
     * (see {@code NativeName.child}); show it through TerminalText.
     */
    public String path() {
        return name == null ? directory : NativeName.child(directory, name);
    }

    /** The size in bytes; works for block devices too, where stat reports 0. */
    public long size() {
        long end = posix.libc().lseek(fd, 0, SEEK_END);
        if (end < 0) {
            throw new PosixException("Cannot determine the size of %s: %s", path(), Posix.describe(posix.errno()));
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
            long n = readOnce(address + done, length - done, offset + done);
            if (n == 0) {
                break;
            }
            done += n;
        }
        return done;
    }

    /**
     * One pread of up to {@code length} bytes (retried only when interrupted): for a regular file,
     * fewer bytes than asked mean end of file, so a small file is read whole, and found longer than
     * fstat said, in one call.
     */
    public long readOnce(long address, long length, long offset) {
        long count = Math.min(length, MAX_READ);
        while (true) {
            long n = posix.libc().pread(fd, address, count, offset);
            if (n >= 0) {
                return n;
            }
            int errno = posix.errno();
            if (errno != EINTR) {
                throw new PosixException("Reading %d bytes at offset %d of %s failed: %s",
                        count, offset, path(), Posix.describe(errno));
            }
        }
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
