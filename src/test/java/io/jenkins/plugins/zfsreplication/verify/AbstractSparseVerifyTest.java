package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract every file system must pass: for dense files, holes at the start, middle and end,
 * extents not aligned to chunks, sizes not a multiple of the chunk, empty and all-hole files, and
 * allocated zeros, the manifest's chunk hashes equal the oracle's (python3-xxhash per chunk), and
 * every sparse mode and thread count writes a byte-identical manifest.
 */
abstract class AbstractSparseVerifyTest {
    /** 64 KiB blocks x 2: 128 KiB chunks, small enough for quick fixtures with many chunks. */
    static final long BLOCK = 64 << 10;
    static final long COUNT = 2;
    static final long CHUNK = BLOCK * COUNT;

    private Path directory;

    /** A fresh directory on the file system under test. */
    abstract Path baseDirectory();

    /** True when the file system reports holes through SEEK_HOLE (false on zfs-fuse). */
    abstract boolean reportsHoles();

    @BeforeEach
    void createDirectory() throws IOException {
        directory = Files.createTempDirectory(baseDirectory(), "case-");
    }

    @AfterEach
    void removeDirectory() {
        Commands.run("rm", "-rf", directory.toString());
    }

    Map<String, Path> fixtures() {
        Map<String, Path> files = new LinkedHashMap<>();
        files.put("dense", SparseFixture.create(directory.resolve("dense"), 1).data(0, (int) (8 * CHUNK + 1000)).size(8 * CHUNK + 1000));
        files.put("hole-at-start", SparseFixture.create(directory.resolve("hole-at-start"), 2)
                .data(4 * CHUNK, (int) (4 * CHUNK)).size(8 * CHUNK));
        files.put("hole-in-middle", SparseFixture.create(directory.resolve("hole-in-middle"), 3)
                .data(0, (int) (2 * CHUNK)).data(6 * CHUNK, (int) (2 * CHUNK + 5000)).size(8 * CHUNK + 5000));
        files.put("hole-at-end", SparseFixture.create(directory.resolve("hole-at-end"), 4)
                .data(0, 300_000).size(10 * CHUNK + 123));
        files.put("unaligned-extents", SparseFixture.create(directory.resolve("unaligned-extents"), 5)
                .data(100_000, 50_000).data(400_001, 3_000).data(700_000, 200_000).data(1_500_000, 7).size(2_000_000));
        files.put("empty", SparseFixture.create(directory.resolve("empty"), 6).size(0));
        files.put("all-hole", SparseFixture.create(directory.resolve("all-hole"), 7).size(16 * CHUNK + 77));
        files.put("allocated-zeros", SparseFixture.create(directory.resolve("allocated-zeros"), 8)
                .zeros(0, (int) (4 * CHUNK)).data(4 * CHUNK + 10, 1000).size(6 * CHUNK));
        return files;
    }

    @Test
    void shouldMatchTheOracleInEverySparseModeAndThreadCount() throws IOException {
        Map<String, Path> files = fixtures();
        SoftAssertions softly = new SoftAssertions();
        for (Map.Entry<String, Path> fixture : files.entrySet()) {
            List<String> oracle = Oracle.fileChunks(fixture.getValue(), "xxh64", CHUNK);
            List<byte[]> manifests = new ArrayList<>();
            for (SparseMode mode : SparseMode.values()) {
                for (int threads = 1; threads <= 3; threads++) {
                    Path manifest = directory.resolve(fixture.getKey() + "-" + mode.id() + "-" + threads + ".manifest");
                    verify(fixture.getValue(), manifest, mode, threads);
                    softly.assertThat(Oracle.chunkLines(manifest)).as("%s %s %d threads", fixture.getKey(), mode, threads)
                            .containsExactlyElementsOf(oracle);
                    manifests.add(Files.readAllBytes(manifest));
                }
            }
            softly.assertThat(manifests).as("%s: manifests of all modes and thread counts", fixture.getKey())
                    .allSatisfy(bytes -> assertThat(bytes).isEqualTo(manifests.get(0)));
        }
        softly.assertAll();
    }

    @Test
    void shouldSkipExactlyTheHoleChunksAndTakeTheZeroPathForZeroData() {
        SoftAssertions softly = new SoftAssertions();
        for (Map.Entry<String, Path> fixture : fixtures().entrySet()) {
            long[] expected = Oracle.holeBytesAndZeroChunks(fixture.getValue(), CHUNK);
            FileStats seek = verify(fixture.getValue(), directory.resolve("seek.manifest"), SparseMode.SEEK, 2);
            FileStats auto = verify(fixture.getValue(), directory.resolve("auto.manifest"), SparseMode.AUTO, 2);
            FileStats off = verify(fixture.getValue(), directory.resolve("off.manifest"), SparseMode.OFF, 2);
            FileStats zeros = verify(fixture.getValue(), directory.resolve("zeros.manifest"), SparseMode.ZEROS, 2);
            softly.assertThat(seek.holeBytes()).as("%s: hole bytes skipped with seek", fixture.getKey()).isEqualTo(expected[0]);
            softly.assertThat(auto.holeBytes()).as("%s: hole bytes skipped with auto", fixture.getKey()).isEqualTo(expected[0]);
            softly.assertThat(auto.zeroChunks()).as("%s: zero chunks with auto", fixture.getKey()).isEqualTo(expected[1]);
            softly.assertThat(off.holeBytes()).as("%s: off reads everything", fixture.getKey()).isZero();
            softly.assertThat(off.zeroChunks()).as("%s: off checks no zeros", fixture.getKey()).isZero();
            softly.assertThat(zeros.holeBytes()).as("%s: zeros mode does not seek", fixture.getKey()).isZero();
            softly.assertThat(zeros.zeroChunks()).as("%s: zeros mode finds every zero chunk", fixture.getKey())
                    .isEqualTo(expected[1] + expected[0] / CHUNK + (expected[0] % CHUNK == 0 ? 0 : 1));
        }
        softly.assertAll();
        long[] allHole = Oracle.holeBytesAndZeroChunks(directory.resolve("all-hole"), CHUNK);
        assertThat(allHole[0] > 0).as("file system reports holes").isEqualTo(reportsHoles());
    }

    @Test
    void shouldReadOnlyTheDataExtentsOfChunksThatStraddleHoles() {
        SoftAssertions softly = new SoftAssertions();
        for (Map.Entry<String, Path> fixture : fixtures().entrySet()) {
            for (int threads = 1; threads <= 2; threads++) {
                VerifyOptions options = new VerifyOptions(BLOCK, COUNT, HashAlgorithm.XXH64, SparseMode.SEEK, threads);
                VerifyResult seek = new Verifier(options, 50, null).verify(fixture.getValue(), directory.resolve("s.manifest"));
                VerifyResult off = new Verifier(options.withSparse(SparseMode.OFF), 50, null)
                        .verify(fixture.getValue(), directory.resolve("o.manifest"));
                softly.assertThat(readBytes(seek)).as("%s, %d threads: bytes read with seek", fixture.getKey(), threads)
                        .isEqualTo(Oracle.dataExtentBytes(fixture.getValue()));
                softly.assertThat(readBytes(off)).as("%s: bytes read with off", fixture.getKey()).isEqualTo(off.bytes());
            }
        }
        softly.assertAll();
    }

    private static long readBytes(VerifyResult result) {
        return result.samples().get(result.samples().size() - 1).readBytes();
    }

    static FileStats verify(Path file, Path manifest, SparseMode mode, int threads) {
        VerifyOptions options = new VerifyOptions(BLOCK, COUNT, HashAlgorithm.XXH64, mode, threads);
        VerifyResult result = new Verifier(options, 50, null).verify(file, manifest);
        return result.files().get(0);
    }
}
