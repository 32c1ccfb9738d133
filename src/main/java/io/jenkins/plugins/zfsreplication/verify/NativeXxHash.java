package io.jenkins.plugins.zfsreplication.verify;

import com.kenai.jffi.CallContext;
import com.kenai.jffi.CallingConvention;
import com.kenai.jffi.HeapInvocationBuffer;
import com.kenai.jffi.Invoker;
import com.kenai.jffi.Library;
import com.kenai.jffi.Struct;
import com.kenai.jffi.Type;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;

/**
 * The reference xxHash library ({@code libxxhash.so.0}, Debian's libxxhash0: the code xxhsum runs),
 * called on native memory. It hashes xxh64 about four times as fast as the Java implementation
 * does in a process too short-lived for the JIT's optimising compiler (the command line), and no
 * slower after it; the values are the same by definition (the tests hold both to xxhsum).
 *
 * <p>Called through jffi, the native layer under jnr-ffi, as the posix package calls libc: rather
 * than through a jnr-ffi interface, because XXH3_128bits returns a 16-byte struct by value, which
 * jnr-ffi cannot, and jffi needs no class generated at run time (one less cost at start-up).
 * Without the library (or with one older than 0.8.0, whose xxh3 and xxh128 values were not yet
 * final) the Java implementations hash instead: see {@link ChunkDigest#of}.
 */
final class NativeXxHash {
    static final String LIBRARY = "libxxhash.so.0";
    /** XXH_versionNumber() of 0.8.0, the release that froze XXH3's and XXH128's output. */
    private static final int XXH3_STABLE = 800;

    private final Invoker invoker = Invoker.getInstance();
    private final CallContext xxh64Context = CallContext.getCallContext(Type.UINT64,
            new Type[] {Type.POINTER, Type.UINT64, Type.UINT64}, CallingConvention.DEFAULT, false);
    private final CallContext xxh3Context = CallContext.getCallContext(Type.UINT64,
            new Type[] {Type.POINTER, Type.UINT64}, CallingConvention.DEFAULT, false);
    /** XXH128_hash_t: {@code {uint64 low64; uint64 high64;}}, returned by value. */
    private final CallContext xxh128Context = CallContext.getCallContext(new Struct(Type.UINT64, Type.UINT64),
            new Type[] {Type.POINTER, Type.UINT64}, CallingConvention.DEFAULT, false);
    private final long xxh64;
    /** 0 when the library predates 0.8.0 (as is {@link #xxh128}). */
    private final long xxh3;
    private final long xxh128;

    private NativeXxHash(Library library, int version) {
        xxh64 = library.getSymbolAddress("XXH64");
        boolean stable = version >= XXH3_STABLE;
        xxh3 = stable ? library.getSymbolAddress("XXH3_64bits") : 0;
        xxh128 = stable ? library.getSymbolAddress("XXH3_128bits") : 0;
    }

    /** The library of this process, loaded at first use; empty when it is not installed. */
    static Optional<NativeXxHash> loaded() {
        return Holder.LOADED;
    }

    /**
     * Loads the library {@code name} (a file name for the dynamic linker, or a path); empty when it
     * cannot be loaded or lacks XXH64. Tests pass a name that does not exist to get the fallback.
     */
    static Optional<NativeXxHash> load(String name) {
        try {
            Library library = Library.getCachedInstance(name, Library.LAZY | Library.LOCAL);
            if (library == null) {
                return Optional.empty();
            }
            long version = library.getSymbolAddress("XXH_versionNumber");
            if (version == 0 || library.getSymbolAddress("XXH64") == 0) {
                return Optional.empty();
            }
            CallContext noArguments = CallContext.getCallContext(Type.UINT32, new Type[0], CallingConvention.DEFAULT,
                    false);
            return Optional.of(new NativeXxHash(library, (int) Invoker.getInstance().invokeN0(noArguments, version)));
        } catch (LinkageError | RuntimeException e) {
            // jffi's own stub could not load (e.g. no executable temporary directory): Java hashes, as
            // it did before there was a native path; the posix package would fail on its own anyway
            return Optional.empty();
        }
    }

    /** True when this library computes {@code algorithm} (the xxh functions it has). */
    boolean supports(HashAlgorithm algorithm) {
        return switch (algorithm) {
            case XXH64 -> xxh64 != 0;
            case XXH3 -> xxh3 != 0;
            case XXH128 -> xxh128 != 0;
            case SHA256, SHA1 -> false;
        };
    }

    /** XXH64 with seed 0 of {@code length} bytes at {@code address}. */
    long xxh64(long address, long length) {
        return invoker.invokeN3(xxh64Context, xxh64, address, length, 0);
    }

    /** XXH3_64bits (seed 0) of {@code length} bytes at {@code address}. */
    long xxh3(long address, long length) {
        return invoker.invokeN2(xxh3Context, xxh3, address, length);
    }

    /** XXH3_128bits (seed 0) of {@code length} bytes at {@code address} into {@code result}: {low64, high64}. */
    void xxh128(long address, long length, long[] result) {
        HeapInvocationBuffer arguments = new HeapInvocationBuffer(xxh128Context);
        arguments.putAddress(address);
        arguments.putLong(length);
        ByteBuffer value = ByteBuffer.wrap(invoker.invokeStruct(xxh128Context, xxh128, arguments))
                .order(ByteOrder.nativeOrder());
        result[0] = value.getLong(0);
        result[1] = value.getLong(8);
    }

    /** Loads the library once, at first use, on whichever thread asks first (class initialisation is thread-safe). */
    private static final class Holder {
        static final Optional<NativeXxHash> LOADED = load(LIBRARY);
    }
}
