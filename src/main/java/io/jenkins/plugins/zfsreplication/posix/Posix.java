package io.jenkins.plugins.zfsreplication.posix;

import jnr.constants.platform.Errno;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Runtime;

/**
 * The loaded C library plus errno lookup. One instance per process is enough; it holds no mutable
 * state of its own (the binding is thread-safe, errno is saved per thread by jnr-ffi).
 */
public final class Posix {
    private static final Posix INSTANCE = new Posix();

    private final Libc libc;
    private final Runtime runtime;

    private Posix() {
        libc = LibraryLoader.create(Libc.class).load("c");
        runtime = Runtime.getRuntime(libc);
    }

    /** The shared binding. */
    public static Posix get() {
        return INSTANCE;
    }

    Libc libc() {
        return libc;
    }

    int errno() {
        return runtime.getLastError();
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

    /** Opens {@code path} read-only. */
    public NativeFile openReadOnly(java.nio.file.Path path) {
        return NativeFile.open(this, path);
    }
}
