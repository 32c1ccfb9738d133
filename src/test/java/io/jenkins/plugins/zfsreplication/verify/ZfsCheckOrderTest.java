package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * zfs-check output of a tree, in the directory order zfs-check writes it: read in path order and
 * compared without sorting it first. zfs-check-tree.txt is the recorded output of zfs_autobackup's
 * zfs-check 3.3 ({@code zfs-check --block-size 4096 --count 1 DIR}) on the tree {@link #TREE} builds.
 */
class ZfsCheckOrderTest {
    private static final Map<String, String> TREE = Map.of("b", "b\n".repeat(3000), "a0", "a0", "a-c", "hello",
            "d/f", "x".repeat(10000), "d/e/g", "g".repeat(5000), "empty", "", "z/last", "last\n", "A", "upper");
    private static final ManifestHeader ZFS_CHECK = new ManifestHeader(ManifestHeader.FORMAT, "zfs-check",
            HashAlgorithm.SHA1, 4096, 1, ManifestHeader.Layout.TREE, false);

    @TempDir
    Path temporary;
    private Path output;
    private Path tree;

    @BeforeEach
    void setUp() throws IOException {
        output = temporary.resolve("zfs-check.txt");
        try (InputStream in = getClass().getResourceAsStream("zfs-check-tree.txt")) {
            Files.copy(in, output);
        }
        tree = Files.createDirectory(temporary.resolve("tree"));
        for (Map.Entry<String, String> file : TREE.entrySet()) {
            Path path = tree.resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.writeString(path, file.getValue(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void shouldReadTheRecordedOutputInPathOrder() throws IOException {
        assertThat(Files.readAllLines(output)).first().asString().startsWith("b\t0\t"); // as zfs-check wrote it

        List<String> read = new ArrayList<>();
        try (ManifestReader reader = ManifestReader.open(output, ZFS_CHECK)) {
            for (ManifestReader.FileEntry file; (file = reader.nextFile()) != null; ) {
                for (ManifestReader.Chunk chunk; (chunk = reader.nextChunk()) != null; ) {
                    read.add(file.path() + "\t" + chunk.index() + "\t" + chunk.hash());
                }
            }
        }

        assertThat(read).containsExactlyElementsOf(Oracle.treeChunks(tree, "sha1", 4096));
        assertThat(read).extracting(line -> line.substring(0, line.indexOf('\t'))).containsExactly(
                "A", "a-c", "a0", "b", "b", "d/e/g", "d/e/g", "d/f", "d/f", "d/f", "z/last");
    }

    @Test
    void shouldCompareUnsortedOutputWithTheTree() throws IOException {
        Cli.Run same = Cli.run("compare", "--hash", "sha1", "--block-size", "4096", "--count", "1", "--left-manifest",
                output.toString(), tree.toString());
        assertThat(same.exit()).as(same.err()).isZero();
        assertThat(same.out().lines()).containsExactly(
                "compare: identical (0 missing, 0 extra, 0 size, 0 chunk, 0 only-left, 0 only-right) in 8 files, 11 chunks");

        CompareCliTest.flip(tree.resolve("d/f"), 5000);
        Cli.Run changed = Cli.run("compare", "--hash", "sha1", "--block-size", "4096", "--count", "1", "--left-manifest",
                output.toString(), tree.toString());
        assertThat(changed.exit()).isEqualTo(1);
        assertThat(changed.out().lines().toList()).first().asString()
                .startsWith("chunk 1 differs: d/f at offset 4096, 4096 bytes");
    }

    @Test
    void shouldNameTheOriginalLineOfAMalformedLine() throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(output));
        lines.set(6, "d/f\t0\tnot-a-hash");
        Files.write(output, lines);

        assertThatThrownBy(() -> readAll(output)).isInstanceOf(VerifyException.class)
                .hasMessageStartingWith("Malformed manifest " + output + ", line 7: expected 'PATH<TAB>CHUNK<TAB>HASH'");
    }

    @Test
    void shouldRefuseAFileListedInTwoPlaces() throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(output));
        lines.add("b\t2\t" + "0".repeat(40));
        Files.write(output, lines);

        assertThatThrownBy(() -> readAll(output)).isInstanceOf(VerifyException.class)
                .hasMessage("Malformed manifest " + output + ": 'b' is listed in two places (lines 1 and 12);"
                        + " zfs-check lists each file's chunks together");
    }

    private static void readAll(Path manifest) {
        try (ManifestReader reader = ManifestReader.open(manifest, ZFS_CHECK)) {
            while (reader.nextFile() != null) {
                // every chunk is read by nextFile
            }
        }
    }
}
