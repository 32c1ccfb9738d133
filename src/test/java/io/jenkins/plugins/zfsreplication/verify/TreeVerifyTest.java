package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Directory trees: files in sorted order, symlinks not followed, special files reported, not hashed. */
class TreeVerifyTest {
    private static final long CHUNK = 1 << 16;

    @TempDir
    Path temporary;

    @Test
    void shouldHashRegularFilesInSortedOrderAndReportTheRest() throws IOException {
        Path root = Files.createDirectory(temporary.resolve("root"));
        Files.createDirectories(root.resolve("b/inner"));
        Files.createDirectories(root.resolve("a-dir"));
        SparseFixture.create(root.resolve("b/inner/z.img"), 41).data(70_000, 10_000).size(300_000);
        SparseFixture.create(root.resolve("a-dir/x"), 42).data(0, 5).size(5);
        SparseFixture.create(root.resolve("b.txt"), 43).data(0, 100_000).size(100_000);
        SparseFixture.create(root.resolve("empty"), 44).size(0);
        Files.createSymbolicLink(root.resolve("link-to-b"), root.resolve("b.txt"));
        Files.createSymbolicLink(root.resolve("link-to-dir"), root.resolve("b"));
        Commands.run("mkfifo", root.resolve("pipe").toString());
        Path manifest = temporary.resolve("tree.manifest");

        VerifyResult result = new Verifier(new VerifyOptions(CHUNK, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 2), 100, null)
                .verify(root, manifest);

        assertThat(Oracle.chunkLines(manifest)).containsExactlyElementsOf(Oracle.treeChunks(root, "xxh64", CHUNK));
        assertThat(result.files()).extracting(FileStats::path).containsExactly("a-dir/x", "b.txt", "b/inner/z.img", "empty");
        assertThat(result.skipped()).containsExactly(
                new VerifyResult.Skipped("link-to-b", "symlink (not followed)"),
                new VerifyResult.Skipped("link-to-dir", "symlink (not followed)"),
                new VerifyResult.Skipped("pipe", "special file (not hashed)"));
        assertThat(Files.readAllLines(manifest)).contains("# layout: tree", "# size: 0\tempty",
                "# size: 300000\tb/inner/z.img", "# end: 4 files, 8 chunks");
    }

    @Test
    void shouldEscapeTabsAndNewlinesInPathsAndReadThemBack() throws IOException {
        Path root = Files.createDirectory(temporary.resolve("odd"));
        SparseFixture.create(root.resolve("tab\there"), 45).data(0, 10).size(10);
        SparseFixture.create(root.resolve("new\nline"), 46).data(0, 10).size(10);
        Path manifest = temporary.resolve("odd.manifest");
        new Verifier(new VerifyOptions(CHUNK, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 1), 100, null).verify(root, manifest);

        assertThat(Files.readAllLines(manifest)).contains("# size: 10\tnew\\nline", "# size: 10\ttab\\there");
        try (ManifestReader reader = ManifestReader.open(manifest, null)) {
            assertThat(List.of(reader.nextFile(), reader.nextFile())).containsExactly(
                    new ManifestReader.FileEntry("new\nline", 10), new ManifestReader.FileEntry("tab\there", 10));
        }
    }

    @Test
    void shouldWriteTheSameManifestForAnyThreadCount() throws IOException {
        Path root = Files.createDirectory(temporary.resolve("many"));
        // names whose order as strings differs from a per-directory walk: "a-c" < "a/x" < "a0"
        Files.createDirectories(root.resolve("a/deeper/still"));
        SparseFixture.create(root.resolve("a-c"), 1).data(0, 7).size(7);
        SparseFixture.create(root.resolve("a/x"), 2).data(0, 9).size(9);
        SparseFixture.create(root.resolve("a0"), 3).data(0, 11).size(11);
        SparseFixture.create(root.resolve("a/deeper/still/big"), 4).data(0, 200_000).data(400_000, 5).size(700_000);
        SparseFixture.create(root.resolve("a/deeper/empty"), 5).size(0);
        // more small files than several batches, and files of exactly the chunk size and one byte less
        for (int i = 0; i < 300; i++) {
            Path dir = Files.createDirectories(root.resolve("d" + (i % 7)));
            int size = i % 50 == 0 ? (int) CHUNK : i % 50 == 1 ? (int) CHUNK - 1 : 1 + (i * 997) % 20_000;
            SparseFixture.create(dir.resolve("f" + i), 100 + i).data(0, size).size(size);
        }
        SparseFixture.create(root.resolve("d3/large"), 6).data(0, 3 * (int) CHUNK + 17).size(3 * CHUNK + 17);

        List<String> expected = Oracle.treeChunks(root, "xxh64", CHUNK);
        byte[] first = null;
        for (int threads : new int[] {1, 2, 8}) {
            Path manifest = temporary.resolve("many-" + threads + ".manifest");
            VerifyResult result = new Verifier(new VerifyOptions(CHUNK, 1, HashAlgorithm.XXH64, SparseMode.AUTO, threads),
                    100, null).verify(root, manifest);
            assertThat(Oracle.chunkLines(manifest)).as("%d threads", threads).containsExactlyElementsOf(expected);
            assertThat(result.files()).hasSize(306).extracting(FileStats::path).startsWith(
                    "a-c", "a/deeper/empty", "a/deeper/still/big", "a/x", "a0", "d0/f0");
            byte[] bytes = Files.readAllBytes(manifest);
            if (first == null) {
                first = bytes;
            } else {
                assertThat(bytes).as("manifest with %d threads", threads).isEqualTo(first);
            }
        }
    }

    @Test
    void shouldFollowARootThatIsALinkAndSaySo() throws IOException {
        Path real = Files.createDirectory(temporary.resolve("real"));
        SparseFixture.create(real.resolve("one"), 7).data(0, 1000).size(1000);
        SparseFixture.create(real.resolve("two"), 8).data(0, 100_000).size(100_000);
        Path link = Files.createSymbolicLink(temporary.resolve("link"), real);
        Path manifest = temporary.resolve("link.manifest");

        VerifyResult result = new Verifier(new VerifyOptions(CHUNK, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 2), 100, null)
                .verify(link, manifest);

        assertThat(Oracle.chunkLines(manifest)).containsExactlyElementsOf(Oracle.treeChunks(real, "xxh64", CHUNK));
        assertThat(result.files()).extracting(FileStats::path).containsExactly("one", "two");
        assertThat(result.log()).containsExactly(link + " is a symbolic link: verified its target "
                + real.toRealPath() + " (only the root is followed)");
    }

    /**
     * What a run holds and reports does not grow with the tree: of 2,500 files the result and
     * verify-report.json list the 1,000 largest (in manifest order, the earlier of two the same
     * size), of 1,200 symlinks the first 1,000 (the log says how many more), and count every one;
     * the manifest lists all files.
     * The expected list is computed here from the sizes on disk.
     */
    @Test
    void shouldListTheLargestFilesAndCountEveryOne() throws IOException {
        Path root = Files.createDirectory(temporary.resolve("wide"));
        for (int i = 0; i < 2500; i++) {
            // sizes 0-1999 bytes, many of them shared by several files
            Files.write(root.resolve(String.format(Locale.ROOT, "f%04d", i)), new byte[(i * 7919) % 2000]);
        }
        for (int i = 0; i < 1200; i++) {
            Files.createSymbolicLink(root.resolve(String.format(Locale.ROOT, "l%04d", i)), root.resolve("f0000"));
        }
        Path manifest = temporary.resolve("wide.manifest");
        Path reportFile = temporary.resolve("wide.json");

        VerifyRun.Result run = new VerifyRun(new VerifyOptions(CHUNK, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 2), 100, null,
                log -> { throw new AssertionError("not a snapshot"); },
                log -> { throw new AssertionError("not incremental"); })
                .run(root.toString(), temporary, new VerifyRun.Outputs(manifest, reportFile, null, null), null, null);
        VerifyResult result = run.verified();

        List<Path> files = new ArrayList<>();
        long bytes = 0;
        for (int i = 0; i < 2500; i++) {
            Path file = root.resolve(String.format(Locale.ROOT, "f%04d", i));
            files.add(file);
            bytes += Files.size(file);
        }
        List<Path> bySize = new ArrayList<>(files);
        bySize.sort(Comparator.comparingLong(TreeVerifyTest::size).reversed()); // stable: earlier names first
        List<String> expected = bySize.subList(0, 1000).stream().map(file -> file.getFileName().toString()).sorted().toList();
        assertThat(result.files()).extracting(FileStats::path).containsExactlyElementsOf(expected);
        assertThat(result.fileCount()).isEqualTo(2500);
        assertThat(result.bytes()).isEqualTo(bytes);
        assertThat(result.chunks()).isEqualTo(files.stream().filter(file -> size(file) > 0).count());
        assertThat(result.skipped()).hasSize(1000).first().isEqualTo(new VerifyResult.Skipped("l0000", "symlink (not followed)"));
        assertThat(result.skipped()).last().isEqualTo(new VerifyResult.Skipped("l0999", "symlink (not followed)"));
        assertThat(result.skippedCount()).isEqualTo(1200);
        assertThat(Oracle.chunkLines(manifest)).containsExactlyElementsOf(Oracle.treeChunks(root, "xxh64", CHUNK));

        assertThat(run.log()).filteredOn(line -> line.startsWith("not hashed: ")).hasSize(1001)
                .startsWith("not hashed: l0000: symlink (not followed)")
                .endsWith("not hashed: l0999: symlink (not followed)",
                        "not hashed: 200 more symlinks and special files (1200 in all)");

        JsonNode report = new ObjectMapper().readTree(reportFile.toFile());
        assertThat(report.at("/totals/files").asLong()).isEqualTo(2500);
        assertThat(report.at("/totals/listedFiles").asLong()).isEqualTo(1000);
        assertThat(report.at("/totals/bytes").asLong()).isEqualTo(bytes);
        assertThat(report.at("/totals/skipped").asLong()).isEqualTo(1200);
        assertThat(report.get("files")).hasSize(1000);
        assertThat(report.get("skipped")).hasSize(1000);
        assertThat(report.at("/files/0/path").asText()).isEqualTo(expected.get(0));
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
