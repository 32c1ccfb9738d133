package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Paths in manifest lines: a name's byte that is not UTF-8 (held as U+DC80..U+DCFF) is written as
 * {@code \xHH} and read back as the same string, so the manifest stays UTF-8 text and compares
 * with itself; what manifests held before reads as it did.
 */
class ManifestPathsTest {
    private static final ManifestHeader HEADER = new ManifestHeader(ManifestHeader.FORMAT, "test", HashAlgorithm.XXH64,
            4096, 1, ManifestHeader.Layout.TREE, true);
    /** Sorted as Java strings, as a tree walk lists them: U+00E9 < U+DCFF (the byte 0xFF) < U+E000. */
    private static final List<String> PATHS = List.of("back\\slash", "bad\u00e9", "bad\udcff", "bad\ue000",
            "dir\udcfe/in", "new\nline", "n\u00e9e");

    @TempDir
    Path temporary;

    @Test
    void shouldWriteBytesThatAreNotUtf8AsHexEscapesAndReadThemBack() throws IOException {
        Path manifest = write(temporary.resolve("m"), "bad\udcff", "0123456789abcdef");

        assertThat(Files.readAllLines(manifest, StandardCharsets.UTF_8)).containsSubsequence(
                "# size: 1\tback\\\\slash", "back\\\\slash\t0\t0000000000000000",
                "# size: 1\tbad\u00e9", "bad\u00e9\t0\t0000000000000001",
                "# size: 1\tbad\\xFF", "bad\\xFF\t0\t0123456789abcdef",
                "# size: 1\tbad\ue000", "bad\ue000\t0\t0000000000000003",
                "# size: 1\tdir\\xFE/in", "dir\\xFE/in\t0\t0000000000000004",
                "# size: 1\tnew\\nline", "new\\nline\t0\t0000000000000005",
                "# size: 1\tn\u00e9e", "n\u00e9e\t0\t0000000000000006",
                "# end: 7 files, 7 chunks");
        List<String> read = new ArrayList<>();
        try (ManifestReader reader = ManifestReader.open(manifest, null)) {
            for (ManifestReader.FileEntry file = reader.nextFile(); file != null; file = reader.nextFile()) {
                assertThat(file.size()).isEqualTo(1);
                read.add(file.path());
            }
        }
        assertThat(read).containsExactlyElementsOf(PATHS);
    }

    @Test
    void shouldCompareAManifestWithEscapedBytesIdenticalToItselfAndFindAChangedHash() throws IOException {
        Path manifest = write(temporary.resolve("m"), "bad\udcff", "0123456789abcdef");
        Path changed = write(temporary.resolve("changed"), "bad\udcff", "fedcba9876543210");

        CompareResult same = compare(manifest, manifest);
        CompareResult different = compare(manifest, changed);

        assertThat(same.identical()).as(same.summary()).isTrue();
        assertThat(same.files()).isEqualTo(7);
        assertThat(different.total()).isEqualTo(1);
        assertThat(different.listed()).containsExactly(new Difference(Difference.Kind.CHUNK, "bad\udcff", 0, 1, 0, 1,
                "0123456789abcdef", "fedcba9876543210"));
        assertThat(different.listed().get(0).describe()).contains("chunk 0 differs: bad\\xFF at offset 0");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // what this tool wrote before: \x never appeared, a backslash was always doubled
        "a\\\\xff|a\\xff",
        "tab\\there|tab\there",
        // lower case reads as upper case
        "bad\\xff|bad\udcff",
        "bad\\xFF\\x80|bad\udcff\udc80",
        // not a byte this tool escapes: the backslash stands for the next character, as always
        "a\\x41|ax41",
        "a\\xZZ|axZZ",
        "end\\x8|endx8",
    })
    void shouldReadEscapes(String written, String path) {
        assertThat(ManifestPaths.unescape(written)).isEqualTo(path);
    }

    private static CompareResult compare(Path left, Path right) {
        try (ManifestReader l = ManifestReader.open(left, null); ManifestReader r = ManifestReader.open(right, null)) {
            return ManifestComparison.compare(l, r, difference -> { });
        }
    }

    /** A manifest of {@link #PATHS}, one one-byte chunk each, hashed 0, 1, 2... except {@code path}'s. */
    private static Path write(Path target, String path, String hash) {
        try (ManifestWriter writer = ManifestWriter.toFile(target, HEADER)) {
            for (int i = 0; i < PATHS.size(); i++) {
                String name = PATHS.get(i);
                writer.file(name, 1);
                writer.chunk(name, 0, name.equals(path) ? hash : String.format(Locale.ROOT, "%016x", i));
            }
            writer.finish(PATHS.size(), PATHS.size());
            writer.commit();
        }
        return target;
    }
}
