package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.posix.NativeBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import net.openhft.hashing.LongHashFunction;
import net.openhft.hashing.LongTupleHashFunction;

/**
 * One thread's hashing state. Whole-chunk functions hash native memory in one call: the reference
 * xxHash library's when it is installed ({@link NativeXxHash}), else zero-allocation-hashing's
 * {@code hashMemory(address, length)}, which give the same values; streaming ones take pieces
 * through a reused heap array.
 */
abstract class ChunkDigest {
    private static final HexFormat HEX = HexFormat.of();

    /** Hashes a whole chunk held in native memory. */
    abstract String hash(NativeBuffer buffer, long length);

    /** Starts a streaming hash (streaming algorithms only). */
    void reset() {
        throw new UnsupportedOperationException();
    }

    /** Adds {@code length} bytes from the start of {@code buffer}. */
    void update(NativeBuffer buffer, int length) {
        throw new UnsupportedOperationException();
    }

    String finish() {
        throw new UnsupportedOperationException();
    }

    /** Hashes {@code length} zero bytes, for the precomputed hole hashes. */
    abstract String hashZeros(NativeBuffer zeros, long length);

    /**
     * The digest of {@code algorithm}: native when {@code library} (may be null) computes it, else
     * the Java implementation.
     */
    static ChunkDigest of(HashAlgorithm algorithm, NativeXxHash library) {
        if (implementation(algorithm, library) == HashImplementation.NATIVE) {
            return new Native(library, algorithm);
        }
        return switch (algorithm) {
            case XXH64 -> new Long64(LongHashFunction.xx());
            case XXH3 -> new Long64(LongHashFunction.xx3());
            case XXH128 -> new Tuple128(LongTupleHashFunction.xx128());
            case SHA256 -> new Streaming("SHA-256");
            case SHA1 -> new Streaming("SHA-1");
        };
    }

    /** What {@link #of} hashes {@code algorithm} with, given {@code library} (may be null). */
    static HashImplementation implementation(HashAlgorithm algorithm, NativeXxHash library) {
        return library != null && library.supports(algorithm) ? HashImplementation.NATIVE : HashImplementation.JAVA;
    }

    /** An xxh function of the reference library, straight on the native buffer. */
    private static final class Native extends ChunkDigest {
        private final NativeXxHash library;
        private final HashAlgorithm algorithm;
        private final long[] result = new long[2];

        Native(NativeXxHash library, HashAlgorithm algorithm) {
            this.library = library;
            this.algorithm = algorithm;
        }

        @Override
        String hash(NativeBuffer buffer, long length) {
            return switch (algorithm) {
                case XXH64 -> HEX.toHexDigits(library.xxh64(buffer.address(), length));
                case XXH3 -> HEX.toHexDigits(library.xxh3(buffer.address(), length));
                case XXH128 -> {
                    library.xxh128(buffer.address(), length, result);
                    // xxhsum prints the canonical form: high 64 bits first
                    yield HEX.toHexDigits(result[1]) + HEX.toHexDigits(result[0]);
                }
                // never made for these (NativeXxHash.supports)
                case SHA256, SHA1 -> throw new IllegalStateException(algorithm + " is not hashed natively");
            };
        }

        @Override
        String hashZeros(NativeBuffer zeros, long length) {
            return hash(zeros, length);
        }
    }

    private static final class Long64 extends ChunkDigest {
        private final LongHashFunction function;

        Long64(LongHashFunction function) {
            this.function = function;
        }

        @Override
        String hash(NativeBuffer buffer, long length) {
            return HEX.toHexDigits(function.hashMemory(buffer.address(), length));
        }

        @Override
        String hashZeros(NativeBuffer zeros, long length) {
            return hash(zeros, length);
        }
    }

    private static final class Tuple128 extends ChunkDigest {
        private final LongTupleHashFunction function;
        private final long[] result;

        Tuple128(LongTupleHashFunction function) {
            this.function = function;
            this.result = function.newResultArray();
        }

        @Override
        String hash(NativeBuffer buffer, long length) {
            function.hashMemory(buffer.address(), length, result);
            // xxhsum prints the canonical form: high 64 bits first
            return HEX.toHexDigits(result[1]) + HEX.toHexDigits(result[0]);
        }

        @Override
        String hashZeros(NativeBuffer zeros, long length) {
            return hash(zeros, length);
        }
    }

    private static final class Streaming extends ChunkDigest {
        private static final int PIECE = 1 << 20;
        private final MessageDigest digest;
        private final byte[] heap = new byte[PIECE];

        Streaming(String name) {
            try {
                digest = MessageDigest.getInstance(name);
            } catch (NoSuchAlgorithmException e) {
                throw new VerifyException(e, "This Java runtime lacks %s", name);
            }
        }

        @Override
        String hash(NativeBuffer buffer, long length) {
            reset();
            for (long done = 0; done < length; done += PIECE) {
                int n = (int) Math.min(PIECE, length - done);
                buffer.copyTo(done, heap, n);
                digest.update(heap, 0, n);
            }
            return finish();
        }

        @Override
        void reset() {
            digest.reset();
        }

        @Override
        void update(NativeBuffer buffer, int length) {
            for (int done = 0; done < length; done += PIECE) {
                int n = Math.min(PIECE, length - done);
                buffer.copyTo(done, heap, n);
                digest.update(heap, 0, n);
            }
        }

        @Override
        String finish() {
            return HEX.formatHex(digest.digest());
        }

        @Override
        String hashZeros(NativeBuffer zeros, long length) {
            reset();
            byte[] zero = new byte[PIECE];
            for (long done = 0; done < length; done += PIECE) {
                digest.update(zero, 0, (int) Math.min(PIECE, length - done));
            }
            return finish();
        }
    }
}
