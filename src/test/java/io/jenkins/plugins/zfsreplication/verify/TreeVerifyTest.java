package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
}
