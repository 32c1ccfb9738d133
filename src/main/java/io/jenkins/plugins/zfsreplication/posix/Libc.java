package io.jenkins.plugins.zfsreplication.posix;

import com.kenai.jffi.ArrayFlags;
import com.kenai.jffi.CallContext;
import com.kenai.jffi.CallingConvention;
import com.kenai.jffi.HeapInvocationBuffer;
import com.kenai.jffi.Invoker;
import com.kenai.jffi.LastError;
import com.kenai.jffi.Library;
import com.kenai.jffi.MemoryIO;
import com.kenai.jffi.Type;

/**
 * The libc calls this package makes, bound through jffi (the native layer under jnr-ffi): each
 * symbol is looked up once and called through jffi's invokers with its C signature. jnr-ffi would
 * generate a call stub class for them at run time (with ASM and an x86 assembler), which no
 * class-data archive can hold and which was the longer half of the command line's start.
 *
 * <p>Addresses and sizes are plain longs so that reads go straight into native memory (no copy
 * through the Java heap, no JVM flags). Paths are NUL-terminated bytes ({@code NativeName}), not
 * strings, so that a name the locale's charset cannot encode still reaches the system intact.
 * Every call saves errno for {@link #errno()}. Linux on a 64-bit ABI, as the rest of the package.
 */
final class Libc {
    private static final Type INT = Type.SINT32;
    private static final Type LONG = Type.SINT64;
    private static final Type SIZE = Type.UINT64;
    private static final Type ADDRESS = Type.POINTER;

    private final Invoker invoker = Invoker.getInstance();
    private final MemoryIO memory = MemoryIO.getInstance();
    private final CFunction openat;
    private final CFunction statx;
    private final CFunction close;
    private final CFunction fcntl;
    private final CFunction fdopendir;
    private final CFunction readdir64;
    private final CFunction closedir;
    private final CFunction lseek;
    private final CFunction pread;
    private final CFunction posixFadvise;
    private final CFunction posixMemalign;
    private final CFunction calloc;
    private final CFunction free;
    private final CFunction memcmp;
    private final CFunction memset;

    /** A C function: its address and its call context (the signature, errno saved). */
    private record CFunction(long address, CallContext context) {
    }

    Libc() {
        Library c = Library.getCachedInstance("libc.so.6", Library.LAZY | Library.GLOBAL);
        if (c == null) {
            throw new PosixException("Cannot load the C library (libc.so.6): %s", Library.getLastError());
        }
        openat = function(c, "openat", INT, INT, ADDRESS, INT);
        statx = function(c, "statx", INT, INT, ADDRESS, INT, INT, ADDRESS);
        close = function(c, "close", INT, INT);
        fcntl = function(c, "fcntl", INT, INT, INT, INT);
        fdopendir = function(c, "fdopendir", ADDRESS, INT);
        readdir64 = function(c, "readdir64", ADDRESS, ADDRESS);
        closedir = function(c, "closedir", INT, ADDRESS);
        lseek = function(c, "lseek", LONG, INT, LONG, INT);
        pread = function(c, "pread", LONG, INT, ADDRESS, SIZE, LONG);
        posixFadvise = function(c, "posix_fadvise", INT, INT, LONG, LONG, INT);
        posixMemalign = function(c, "posix_memalign", INT, ADDRESS, SIZE, SIZE);
        calloc = function(c, "calloc", ADDRESS, SIZE, SIZE);
        free = function(c, "free", Type.VOID, ADDRESS);
        memcmp = function(c, "memcmp", INT, ADDRESS, ADDRESS, SIZE);
        memset = function(c, "memset", ADDRESS, ADDRESS, INT, SIZE);
    }

    private static CFunction function(Library c, String name, Type result, Type... parameters) {
        long address = c.getSymbolAddress(name);
        if (address == 0) {
            throw new PosixException("The C library has no %s: %s", name, Library.getLastError());
        }
        return new CFunction(address, CallContext.getCallContext(result, parameters, CallingConvention.DEFAULT, true));
    }

    /** errno as the last call on this thread left it. */
    int errno() {
        return LastError.getInstance().get();
    }

    /** Sets this thread's errno (to 0 before a call that reports an error only through it: readdir). */
    void setErrno(int value) {
        LastError.getInstance().set(value);
    }

    int openat(int directory, byte[] path, int flags) {
        HeapInvocationBuffer arguments = new HeapInvocationBuffer(openat.context());
        arguments.putInt(directory);
        arguments.putArray(path, 0, path.length, ArrayFlags.IN);
        arguments.putInt(flags);
        return invoker.invokeInt(openat.context(), openat.address(), arguments);
    }

    /** Linux statx (glibc 2.28): one struct layout on every architecture, unlike struct stat. */
    int statx(int directory, byte[] path, int flags, int mask, byte[] buffer) {
        HeapInvocationBuffer arguments = new HeapInvocationBuffer(statx.context());
        arguments.putInt(directory);
        arguments.putArray(path, 0, path.length, ArrayFlags.IN);
        arguments.putInt(flags);
        arguments.putInt(mask);
        arguments.putArray(buffer, 0, buffer.length, ArrayFlags.OUT);
        return invoker.invokeInt(statx.context(), statx.address(), arguments);
    }

    int close(int fd) {
        return invoker.invokeI1(close.context(), close.address(), fd);
    }

    /** fcntl with an int argument (F_GETPIPE_SZ, F_SETPIPE_SZ): the only forms used. */
    int fcntl(int fd, int command, int argument) {
        return invoker.invokeI3(fcntl.context(), fcntl.address(), fd, command, argument);
    }

    long fdopendir(int fd) {
        return invoker.invokeN1(fdopendir.context(), fdopendir.address(), fd);
    }

    /** struct dirent64 *, or 0 at the end (errno unchanged) or on an error (errno set). */
    long readdir64(long directory) {
        return invoker.invokeN1(readdir64.context(), readdir64.address(), directory);
    }

    int closedir(long directory) {
        return (int) invoker.invokeN1(closedir.context(), closedir.address(), directory);
    }

    long lseek(int fd, long offset, int whence) {
        return invoker.invokeN3(lseek.context(), lseek.address(), fd, offset, whence);
    }

    /** pread into native memory at {@code address}. */
    long pread(int fd, long address, long count, long offset) {
        return invoker.invokeN4(pread.context(), pread.address(), fd, address, count, offset);
    }

    int posix_fadvise(int fd, long offset, long length, int advice) {
        return (int) invoker.invokeN4(posixFadvise.context(), posixFadvise.address(), fd, offset, length, advice);
    }

    /** Returns 0 or the error number (posix_memalign does not set errno); the address in {@code result[0]}. */
    int posix_memalign(long[] result, long alignment, long size) {
        HeapInvocationBuffer arguments = new HeapInvocationBuffer(posixMemalign.context());
        arguments.putArray(result, 0, result.length, ArrayFlags.OUT);
        arguments.putLong(alignment);
        arguments.putLong(size);
        return invoker.invokeInt(posixMemalign.context(), posixMemalign.address(), arguments);
    }

    long calloc(long count, long size) {
        return invoker.invokeN2(calloc.context(), calloc.address(), count, size);
    }

    void free(long address) {
        invoker.invokeN1(free.context(), free.address(), address);
    }

    int memcmp(long left, long right, long count) {
        return (int) invoker.invokeN3(memcmp.context(), memcmp.address(), left, right, count);
    }

    long memset(long address, int value, long count) {
        return invoker.invokeN3(memset.context(), memset.address(), address, value, count);
    }

    /** Copies {@code length} bytes of native memory at {@code address} into {@code target} from {@code offset} on. */
    void read(long address, byte[] target, int offset, int length) {
        memory.getByteArray(address, target, offset, length);
    }

    /** The byte at {@code address}. */
    byte byteAt(long address) {
        return memory.getByte(address);
    }

    /** The offset of the first NUL within {@code limit} bytes at {@code address}, or -1. */
    int terminator(long address, int limit) {
        return (int) memory.indexOf(address, (byte) 0, limit);
    }
}
