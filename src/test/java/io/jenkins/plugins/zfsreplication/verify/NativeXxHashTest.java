package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.posix.NativeBuffer;
import io.jenkins.plugins.zfsreplication.posix.NativeFile;
import io.jenkins.plugins.zfsreplication.posix.Posix;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.openhft.hashing.LongHashFunction;
import net.openhft.hashing.LongTupleHashFunction;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference library (libxxhash, called natively) and the Java implementations give the values
 * xxhsum prints, for sizes around every branch of xxh64 and xxh3 (0, 1-3, 4-8, 9-16, 17-128,
 * 129-240, longer; stripes of 32 and 64 bytes, blocks of 1 KiB) and at unaligned addresses; and the
 * fallback (no library) writes the same manifests as the library.
 */
class NativeXxHashTest {
    private static final long[] SIZES = {0, 1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129,
        239, 240, 241, 255, 256, 1023, 1024, 1025, 4095, 4096, 4097, 65_539, (1 << 20) + 7};
    private static final int[] OFFSETS = {0, 1, 3, 7, 13};
    private static final HexFormat HEX = HexFormat.of();
    /** xxhsum -H1 and -H2 print "HASH  FILE", -H3 prints "XXH3 (FILE) = HASH". */
    private static final Pattern LINE = Pattern.compile("(?m)^(?:([0-9a-f]+)  (\\S+)|XXH3 \\((\\S+)\\) = ([0-9a-f]+))$");

    @TempDir
    Path temporary;

    @Test
    void shouldLoadTheInstalledLibraryWithEveryXxhFunction() {
        // the test bed installs xxhash (0.8.1 on Debian 12), which brings libxxhash0
        NativeXxHash library = NativeXxHash.loaded().orElseThrow(
                () -> new AssertionError(NativeXxHash.LIBRARY + " did not load: is package libxxhash0 installed?"));
        for (HashAlgorithm algorithm : HashAlgorithm.values()) {
            assertThat(library.supports(algorithm)).as(algorithm.id()).isEqualTo(algorithm.id().startsWith("xxh"));
        }
        assertThat(Verifier.loadNativeLibraries()).as("what the command line binds at start").isTrue();
    }

    @Test
    void shouldBeEmptyWhenTheLibraryIsMissing() {
        assertThat(NativeXxHash.load("libzfsr-no-such-xxhash.so.0")).isEmpty();
        // a library that exists but is not xxHash
        assertThat(NativeXxHash.load("libc.so.6")).isEmpty();
    }

    @Test
    void shouldHashAsXxhsumDoesNativelyAndInJavaAtEverySizeAndOffset() throws IOException {
        NativeXxHash library = NativeXxHash.loaded().orElseThrow();
        int longest = (int) SIZES[SIZES.length - 1] + OFFSETS[OFFSETS.length - 1];
        byte[] data = new byte[longest];
        new Random(20261201).nextBytes(data);
        List<Path> files = new ArrayList<>();
        for (long size : SIZES) {
            for (int offset : OFFSETS) {
                files.add(Files.write(temporary.resolve(size + "-at-" + offset),
                        Arrays.copyOfRange(data, offset, offset + (int) size)));
            }
        }
        Map<String, String> h1 = xxhsum(1, files);
        Map<String, String> h2 = xxhsum(2, files);
        Map<String, String> h3 = xxhsum(3, files);
        LongHashFunction javaXxh64 = LongHashFunction.xx();
        LongHashFunction javaXxh3 = LongHashFunction.xx3();
        LongTupleHashFunction javaXxh128 = LongTupleHashFunction.xx128();
        long[] result = new long[2];
        SoftAssertions softly = new SoftAssertions();
        try (NativeBuffer buffer = inNativeMemory(data)) {
            for (long size : SIZES) {
                for (int offset : OFFSETS) {
                    String name = size + "-at-" + offset;
                    long address = buffer.address() + offset;
                    softly.assertThat(HEX.toHexDigits(library.xxh64(address, size))).as("native xxh64 " + name)
                            .isEqualTo(h1.get(name));
                    softly.assertThat(HEX.toHexDigits(javaXxh64.hashMemory(address, size))).as("java xxh64 " + name)
                            .isEqualTo(h1.get(name));
                    softly.assertThat(HEX.toHexDigits(library.xxh3(address, size))).as("native xxh3 " + name)
                            .isEqualTo(h3.get(name));
                    softly.assertThat(HEX.toHexDigits(javaXxh3.hashMemory(address, size))).as("java xxh3 " + name)
                            .isEqualTo(h3.get(name));
                    library.xxh128(address, size, result);
                    softly.assertThat(HEX.toHexDigits(result[1]) + HEX.toHexDigits(result[0])).as("native xxh128 " + name)
                            .isEqualTo(h2.get(name));
                    javaXxh128.hashMemory(address, size, result);
                    softly.assertThat(HEX.toHexDigits(result[1]) + HEX.toHexDigits(result[0])).as("java xxh128 " + name)
                            .isEqualTo(h2.get(name));
                }
            }
        }
        softly.assertAll();
    }

    @Test
    void shouldPrintTheSameChunkHashNativelyAndInJava() throws IOException {
        NativeXxHash library = NativeXxHash.loaded().orElseThrow();
        byte[] data = new byte[(1 << 20) + 7];
        new Random(7).nextBytes(data);
        SoftAssertions softly = new SoftAssertions();
        try (NativeBuffer buffer = inNativeMemory(data)) {
            for (HashAlgorithm algorithm : List.of(HashAlgorithm.XXH64, HashAlgorithm.XXH3, HashAlgorithm.XXH128)) {
                Path file = Files.write(temporary.resolve("chunk-" + algorithm.id()), data);
                String expected = xxhsum(variant(algorithm), List.of(file)).get(file.getFileName().toString());
                softly.assertThat(ChunkDigest.of(algorithm, library).hash(buffer, data.length)).as("native " + algorithm)
                        .isEqualTo(expected);
                softly.assertThat(ChunkDigest.of(algorithm, null).hash(buffer, data.length)).as("java " + algorithm)
                        .isEqualTo(expected);
            }
        }
        softly.assertAll();
    }

    /**
     * A whole verify, a tree and a sparse file, with the library and without it (as where it is not
     * installed): the same manifest, byte for byte, equal to the python oracle's chunks.
     */
    @Test
    void shouldWriteTheSameManifestWithoutTheLibrary() throws IOException {
        Path tree = Files.createDirectories(temporary.resolve("tree"));
        Random random = new Random(5);
        for (int i = 0; i < 40; i++) {
            byte[] bytes = new byte[random.nextInt(3 * 4096)];
            random.nextBytes(bytes);
            Files.write(tree.resolve("f" + i), bytes);
        }
        Path sparse = SparseFixture.create(temporary.resolve("sparse"), 11).data(0, 300_001)
                .data(2_500_000, 1_000_000).size(4_200_003);
        NativeXxHash library = NativeXxHash.loaded().orElseThrow();
        NativeXxHash missing = NativeXxHash.load("libzfsr-no-such-xxhash.so.0").orElse(null);
        SoftAssertions softly = new SoftAssertions();
        for (HashAlgorithm algorithm : List.of(HashAlgorithm.XXH64, HashAlgorithm.XXH3, HashAlgorithm.XXH128)) {
            VerifyOptions options = new VerifyOptions(1 << 20, 1, algorithm, SparseMode.AUTO, 2);
            for (Path input : List.of(tree, sparse)) {
                String name = algorithm.id() + "-" + input.getFileName();
                Path withLibrary = temporary.resolve(name + "-native.manifest");
                Path without = temporary.resolve(name + "-java.manifest");
                new Verifier(options, 100, null, library).verify(input, withLibrary);
                new Verifier(options, 100, null, missing).verify(input, without);
                softly.assertThat(Files.readString(without)).as(name).isEqualTo(Files.readString(withLibrary));
                List<String> oracle = input == tree ? Oracle.treeChunks(tree, algorithm.id(), options.chunkSize())
                        : Oracle.fileChunks(sparse, algorithm.id(), options.chunkSize());
                softly.assertThat(Oracle.chunkLines(withLibrary)).as(name + " against the oracle")
                        .containsExactlyElementsOf(oracle);
            }
        }
        softly.assertAll();
    }

    private NativeBuffer inNativeMemory(byte[] data) throws IOException {
        Path file = Files.write(temporary.resolve("data"), data);
        NativeBuffer buffer = Posix.get().allocate(data.length);
        try (NativeFile open = Posix.get().openReadOnly(file)) {
            assertThat(open.read(buffer.address(), data.length, 0)).isEqualTo(data.length);
        } catch (RuntimeException | Error e) {
            buffer.close();
            throw e;
        }
        return buffer;
    }

    private static int variant(HashAlgorithm algorithm) {
        return algorithm == HashAlgorithm.XXH64 ? 1 : algorithm == HashAlgorithm.XXH128 ? 2 : 3;
    }

    /** What {@code xxhsum -H<variant>} prints for each file, by file name. */
    private static Map<String, String> xxhsum(int variant, List<Path> files) {
        // -q: no progress lines on stderr, which Commands.run mixes into stdout
        List<String> command = new ArrayList<>(List.of("xxhsum", "-q", "-H" + variant));
        files.forEach(file -> command.add(file.toString()));
        Matcher line = LINE.matcher(Commands.run(command));
        Map<String, String> hashes = new HashMap<>();
        while (line.find()) {
            String path = line.group(2) != null ? line.group(2) : line.group(3);
            hashes.put(Path.of(path).getFileName().toString(), line.group(1) != null ? line.group(1) : line.group(4));
        }
        assertThat(hashes).as("xxhsum -H%d printed a hash for every file", variant).hasSize(files.size());
        return hashes;
    }
}
