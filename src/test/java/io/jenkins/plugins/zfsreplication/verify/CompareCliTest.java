package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare} on real sparse files (ext4): every kind of damage is caught with its exact
 * location, identical data gives exit 0, and each input form (two manifests, manifest and path,
 * two paths, zfs-check output) works.
 */
class CompareCliTest {
    private static final int CHUNK = 128 << 10;
    private static final String[] PARAMETERS = {"--block-size", "64K", "--count", "2"};

    @TempDir
    Path temporary;
    private Path source;
    private Path copy;

    @BeforeEach
    void createTrees() throws IOException {
        source = Files.createDirectory(temporary.resolve("source"));
        Files.createDirectories(source.resolve("vm/disks"));
        SparseFixture.create(source.resolve("vm/disks/disk.img"), 11).data(0, 3 * CHUNK)
                .data(6 * CHUNK, CHUNK).size(10 * CHUNK);
        SparseFixture.create(source.resolve("notes.txt"), 12).data(0, 1000).size(1000);
        SparseFixture.create(source.resolve("whole-chunks.bin"), 13).data(0, 4 * CHUNK).size(4 * CHUNK);
        copy = temporary.resolve("copy");
        Commands.run("cp", "-a", "--sparse=always", source.toString(), copy.toString());
    }

    private Cli.Run compare(String... args) {
        String[] all = new String[args.length + 1 + PARAMETERS.length];
        all[0] = "compare";
        System.arraycopy(PARAMETERS, 0, all, 1, PARAMETERS.length);
        System.arraycopy(args, 0, all, 1 + PARAMETERS.length, args.length);
        return Cli.run(all);
    }

    private Path manifest(Path input, String name) {
        Path manifest = temporary.resolve(name);
        Cli.Run run = Cli.run("verify", "--block-size", "64K", "--count", "2", "-o", manifest.toString(), input.toString());
        assertThat(run.exit()).as(run.err()).isZero();
        return manifest;
    }

    @Test
    void shouldReportIdenticalTreesWithExitZero() {
        Cli.Run run = compare(source.toString(), copy.toString());

        assertThat(run.exit()).as(run.err()).isZero();
        assertThat(run.out().lines()).containsExactly(
                "compare: identical (0 missing, 0 extra, 0 size, 0 chunk, 0 only-left, 0 only-right) in 3 files, 15 chunks");
    }

    @Test
    void shouldFindOneFlippedByteInADataRegion() throws IOException {
        flip(copy.resolve("vm/disks/disk.img"), 2 * CHUNK + 17);

        Cli.Run run = compare(manifest(source, "source.manifest").toString(), copy.toString());

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out().lines().toList()).hasSize(2).first().asString()
                .startsWith("chunk 2 differs: vm/disks/disk.img at offset 262144, 131072 bytes");
        assertThat(run.out()).contains("compare: 1 difference(s) (0 missing, 0 extra, 0 size, 1 chunk,");
    }

    @Test
    void shouldFindNonZeroBytesWhereTheOtherSideHasAHole() throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(copy.resolve("vm/disks/disk.img").toFile(), "rw")) {
            file.seek(8 * CHUNK + 5);
            file.write(new byte[] {1, 2, 3});
        }

        Cli.Run run = compare(manifest(source, "source.manifest").toString(), manifest(copy, "copy.manifest").toString());

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out().lines().toList()).first().asString()
                .startsWith("chunk 8 differs: vm/disks/disk.img at offset 1048576, 131072 bytes");
    }

    @Test
    void shouldFindATruncatedFileEvenAtAChunkBoundary() throws IOException {
        try (RandomAccessFile file = new RandomAccessFile(copy.resolve("whole-chunks.bin").toFile(), "rw")) {
            file.setLength(2 * CHUNK);
        }

        Cli.Run run = compare(source.toString(), copy.toString());

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out().lines().toList()).containsExactly(
                "size differs: whole-chunks.bin is 524288 bytes left, 262144 bytes right",
                "compare: 1 difference(s) (0 missing, 0 extra, 1 size, 0 chunk, 0 only-left, 0 only-right) in 3 files, 15 chunks");
    }

    @Test
    void shouldFindAFileGrownByLessThanAChunk() throws IOException {
        Files.write(copy.resolve("notes.txt"), new byte[] {'x'}, java.nio.file.StandardOpenOption.APPEND);

        Cli.Run run = compare(source.toString(), copy.toString());

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out().lines().toList()).hasSize(3).startsWith(
                "size differs: notes.txt is 1000 bytes left, 1001 bytes right");
        assertThat(run.out().lines().toList().get(1)).startsWith("chunk 0 differs: notes.txt at offset 0, 1000 bytes");
    }

    @Test
    void shouldFindMissingAndExtraFiles() throws IOException {
        Files.delete(copy.resolve("notes.txt"));
        Files.write(copy.resolve("vm/extra.cfg"), new byte[] {1});

        Cli.Run run = compare(manifest(source, "source.manifest").toString(), manifest(copy, "copy.manifest").toString());

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out().lines().toList()).containsExactly(
                "missing: notes.txt is only in the left side",
                "extra: vm/extra.cfg is only in the right side",
                "compare: 2 difference(s) (1 missing, 1 extra, 0 size, 0 chunk, 0 only-left, 0 only-right) in 4 files, 14 chunks");
    }

    @Test
    void shouldCompareZfsCheckOutputWithAPath() throws IOException {
        Path zfsCheck = temporary.resolve("zfs-check.txt");
        Files.write(zfsCheck, Oracle.treeChunks(source, "sha1", CHUNK));
        flip(copy.resolve("notes.txt"), 999);

        Cli.Run run = Cli.run("compare", "--hash", "sha1", "--block-size", "64K", "--count", "2", "--left-manifest",
                zfsCheck.toString(), copy.toString());

        assertThat(run.exit()).as(run.err()).isEqualTo(1);
        assertThat(run.out().lines().toList()).hasSize(2).first().asString()
                .startsWith("chunk 0 differs: notes.txt at offset 0, 1000 bytes");
    }

    @Test
    void shouldReportChunksOnlyOneSideHasWhenSizesAreUnknown() throws IOException {
        Path left = temporary.resolve("left.txt");
        Path right = temporary.resolve("right.txt");
        List<String> lines = Oracle.fileChunks(source.resolve("whole-chunks.bin"), "xxh64", CHUNK);
        Files.write(left, lines);
        Files.write(right, lines.subList(0, 1));

        Cli.Run run = compare("--left-manifest", "--right-manifest", left.toString(), right.toString());

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out().lines().toList()).first().asString()
                .isEqualTo("3 chunk(s) from chunk 1 only in the left side: (file) at offset 131072");
    }

    static void flip(Path file, long offset) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(offset);
            int b = raf.read();
            raf.seek(offset);
            raf.write(b ^ 0x01);
        }
    }
}
