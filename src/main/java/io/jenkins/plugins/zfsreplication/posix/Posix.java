package io.jenkins.plugins.zfsreplication.posix;

import jnr.constants.platform.Errno;

/**
 * The loaded C library plus errno lookup. One instance per process is enough; it holds no mutable
 * state of its own (the binding is thread-safe, errno is saved per thread by jffi).
 */
public final class Posix {
    private static final Posix INSTANCE;
    /**
     * Why binding the C library failed, or null. Kept for every caller: a failed class
     * initialisation shows its cause only to the thread that ran it, and the command line binds on a
     * thread of its own while it parses (Verifier#loadNativeLibraries).
     */
    private static final Throwable FAILURE;

    static {
        Posix posix = null;
        Throwable failure = null;
        try {
            posix = new Posix();
        } catch (LinkageError | RuntimeException e) {
            failure = e;
        }
        INSTANCE = posix;
        FAILURE = failure;
    }

    private final Libc libc;

    private Posix() {
        libc = new Libc();
    }

    /** The shared binding; fails (PosixException) when the C library could not be bound. */
    public static Posix get() {
        if (INSTANCE == null) {
            PosixException e = new PosixException("Cannot bind the C library through jffi: %s", FAILURE);
            e.initCause(FAILURE);
            throw e;
        }
        return INSTANCE;
    }

    Libc libc() {
        return libc;
    }

    int errno() {
        return libc.errno();
    }

    static String describe(int errno) {
        Errno value = Errno.valueOf(errno);
        return value == null || value == Errno.__UNKNOWN_CONSTANT__
                ? "errno " + errno : value.name() + " (" + value.description() + ")";
    }

    /** Allocates a page-aligned native buffer of {@code size} bytes (not zeroed). */
    public NativeBuffer allocate(long size) {
        return NativeBuffer.allocate(this, size);
    }

    /**
     * Opens {@code path} read-only as a regular file or block device; a symbolic link as its last
     * component is refused, not followed (resolve a root that is a link first).
     */
    public NativeFile openReadOnly(java.nio.file.Path path) {
        return NativeFile.open(this, NativeFile.AT_FDCWD, NativeName.of(path), path.toString(), null);
    }

    /** Opens {@code path}, links followed, as a regular file: never a FIFO, device or directory, never blocking. */
    public NativeFile openRegularFile(java.nio.file.Path path, String what) {
        return NativeFile.openRegular(this, path, what);
    }

    /** Opens the directory {@code path}; a symbolic link as its last component is refused, not followed. */
    public NativeDirectory openDirectory(java.nio.file.Path path) {
        return NativeDirectory.open(this, NativeFile.AT_FDCWD, NativeName.of(path), path.toString());
    }

    private static final int STATX_TYPE = 0x1;
    private static final int STATX_MODE = 0x2;
    private static final int STATX_NLINK = 0x4;
    private static final int STATX_MTIME = 0x40;
    private static final int STATX_INO = 0x100;
    private static final int STATX_SIZE = 0x200;
    private static final int STATX_BUFFER = 256;

    /** statx of {@code name} relative to {@code fd} (fstat of fd itself with AT_EMPTY_PATH and ""). */
    static FileStatus status(Posix posix, int fd, byte[] name, int flags, String shown) {
        byte[] buffer = new byte[STATX_BUFFER];
        if (posix.libc().statx(fd, name, flags, STATX_TYPE | STATX_MODE | STATX_NLINK | STATX_MTIME | STATX_INO
                | STATX_SIZE, buffer) != 0) {
            throw new PosixException("Cannot stat %s: %s", shown, describe(posix.errno()));
        }
        java.nio.ByteBuffer view = java.nio.ByteBuffer.wrap(buffer).order(java.nio.ByteOrder.nativeOrder());
        // struct statx: stx_nlink (u32) at 16, stx_mode (u16) at 28, stx_ino (u64) at 32, stx_size (u64) at 40,
        // stx_mtime {s64 sec, u32 nsec} at 112
        return new FileStatus(view.getShort(28) & 0xffff, view.getLong(40), view.getLong(112), view.getInt(120),
                view.getInt(16) & 0xffffffffL, view.getLong(32));
    }
}
