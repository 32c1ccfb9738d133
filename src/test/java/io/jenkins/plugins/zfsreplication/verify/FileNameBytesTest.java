package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.posix.NativeDirectory;
import io.jenkins.plugins.zfsreplication.posix.Posix;
import io.jenkins.plugins.zfsreplication.posix.PosixException;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File names are bytes: a tree holding a name in UTF-8 ({@code née}), names that are not UTF-8
 * ({@code bad\xFF}, a directory {@code dir\xFE}), a newline and a backslash is verified whole,
 * under a UTF-8 and under a C locale alike, each file hashed as {@code xxhsum} hashes it. The
 * tree is made by the shell from octal escapes, since java.nio cannot name such files.
 */
class FileNameBytesTest {
    private static final long CHUNK = 1 << 16;

    /**
     * The tree, in manifest order (Java string order of the names as read: U+00E9 < the byte 0xFF,
     * held as U+DCFF, < U+E000; "dir\xFE.txt" < "dir\xFE/in" < "dir\xFE0"): the name as printf
     * makes it, the path the manifest writes, the size.
     */
    private static final List<Entry> FILES = List.of(
            new Entry("back\\\\slash", "back\\\\slash", 10),
            new Entry("bad\\303\\251", "bad\u00e9", 11),
            new Entry("bad\\377", "bad\\xFF", 3 * CHUNK + 17),
            new Entry("bad\\356\\200\\200", "bad\ue000", 12),
            new Entry("dir\\376.txt", "dir\\xFE.txt", 13),
            new Entry("dir\\376/in", "dir\\xFE/in", 14),
            new Entry("dir\\3760", "dir\\xFE0", 15),
            new Entry("new\\nline", "new\\nline", 16),
            new Entry("n\\303\\251e", "n\u00e9e", 17));

    private record Entry(String printf, String manifestPath, long size) {
    }

    @TempDir
    Path temporary;
    Path root;

    @BeforeEach
    void makeTree() {
        root = temporary.resolve("tree");
        StringBuilder script = new StringBuilder("set -e; mkdir \"$1\"; cd \"$1\"; mkdir \"$(printf 'dir\\376')\"\n");
        for (Entry file : FILES) {
            // random content: the oracle hashes what is there
            script.append(String.format(Locale.ROOT, "head -c %d /dev/urandom > f; mv f \"$(printf '%s')\"%n",
                    file.size(), file.printf()));
        }
        script.append("ln -s nowhere \"$(printf 'link\\375')\"\n");
        Commands.run("sh", "-c", script.toString(), "sh", root.toString());
    }

    @Test
    void shouldHashEveryNameAsXxhsumDoesAndEscapeItInTheManifest() throws IOException {
        Path manifest = temporary.resolve("tree.manifest");

        VerifyResult result = new Verifier(new VerifyOptions(CHUNK, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 2), 100,
                null).verify(root, manifest);

        assertThat(records(manifest)).containsExactlyElementsOf(expectedRecords());
        assertThat(result.files()).extracting(FileStats::path).containsExactly("back\\slash", "bad\u00e9", "bad\udcff",
                "bad\ue000", "dir\udcfe.txt", "dir\udcfe/in", "dir\udcfe0", "new\nline", "n\u00e9e");
        assertThat(result.skipped()).containsExactly(new VerifyResult.Skipped("link\udcfd", "symlink (not followed)"));
    }

    @Test
    void shouldReadTheManifestBackInTheWalksOrderAndCompareIt() throws IOException {
        Path manifest = temporary.resolve("tree.manifest");
        new Verifier(new VerifyOptions(CHUNK, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 1), 100, null)
                .verify(root, manifest);
        Path changed = temporary.resolve("changed.manifest");
        String text = Files.readString(manifest, StandardCharsets.UTF_8);
        String line = records(manifest).stream().filter(record -> record.startsWith("bad\\xFF\t1\t")).findFirst()
                .orElseThrow();
        String other = line.substring(0, line.length() - 16) + (line.endsWith("0000000000000000")
                ? "0000000000000001" : "0000000000000000");
        Files.writeString(changed, text.replace(line + "\n", other + "\n"), StandardCharsets.UTF_8);

        List<String> read = new ArrayList<>();
        try (ManifestReader reader = ManifestReader.open(manifest, null)) {
            for (ManifestReader.FileEntry file = reader.nextFile(); file != null; file = reader.nextFile()) {
                read.add(file.path());
            }
        }
        CompareResult same = compare(manifest, manifest);
        CompareResult different = compare(manifest, changed);

        assertThat(read).containsExactly("back\\slash", "bad\u00e9", "bad\udcff", "bad\ue000", "dir\udcfe.txt",
                "dir\udcfe/in", "dir\udcfe0", "new\nline", "n\u00e9e");
        assertThat(same.identical()).as(same.summary()).isTrue();
        assertThat(same.files()).isEqualTo(FILES.size());
        assertThat(different.listed()).extracting(Difference::describe).containsExactly(
                "chunk 1 differs: bad\\xFF at offset 65536, 65536 bytes (left " + line.substring(line.length() - 16)
                        + ", right " + other.substring(other.length() - 16) + ")");
    }

    @Test
    void shouldShowANameThatIsNotUtf8InMessagesInsteadOfFailingOnIt() {
        try (NativeDirectory directory = Posix.get().openDirectory(root)) {
            assertThatThrownBy(() -> directory.file("gone\udcff")).isInstanceOf(PosixException.class)
                    .satisfies(e -> assertThat(TerminalText.line(e.getMessage())).isEqualTo("Cannot open " + root
                            + "/gone\\xFF for reading: ENOENT (No such file or directory). Check that it exists and"
                            + " is readable."));
            try (NativeDirectory inner = directory.directory("dir\udcfe")) {
                assertThatThrownBy(() -> inner.directory("in")).isInstanceOf(PosixException.class)
                        .satisfies(e -> assertThat(TerminalText.line(e.getMessage())).isEqualTo(root
                                + "/dir\\xFE/in is no longer a directory (now: regular file): not followed"));
            }
        }
    }

    @Test
    void shouldWriteTheSameManifestUnderACLocaleAsUnderUtf8() throws Exception {
        Path utf8 = temporary.resolve("utf8.manifest");
        Path c = temporary.resolve("c.manifest");

        Run underUtf8 = cli("C.UTF-8", "verify", "--block-size", Long.toString(CHUNK), "-o", utf8.toString(),
                root.toString());
        Run underC = cli("C", "verify", "--block-size", Long.toString(CHUNK), "-o", c.toString(), root.toString());
        Run toStdout = cli("C", "verify", "--block-size", Long.toString(CHUNK), root.toString());

        assertThat(underC.err()).as("the JVM runs with an ASCII locale").contains("sun.jnu.encoding = ANSI_X3.4-1968");
        for (Run run : List.of(underUtf8, underC, toStdout)) {
            assertThat(run.exit()).as(run.err()).isZero();
            assertThat(run.err()).contains("not hashed: link\\xFD: symlink (not followed)",
                    "verified 9 file(s)");
        }
        assertThat(records(utf8)).containsExactlyElementsOf(expectedRecords());
        assertThat(Files.readAllBytes(c)).isEqualTo(Files.readAllBytes(utf8));
        assertThat(toStdout.out()).isEqualTo(Files.readAllBytes(utf8));
    }

    /**
     * A non-ASCII name given as an argument under a C locale reaches Java with its bytes already
     * replaced: one line that says so and how to run instead, exit 2, no manifest.
     */
    @Test
    void shouldExplainANonAsciiArgumentUnderACLocale() throws Exception {
        Path manifest = temporary.resolve("never.manifest");

        Run run = cli("C", "verify", "-o", manifest.toString(), root.resolve("n\u00e9e").toString());

        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).contains("is not a name this JVM can open (")
                .contains("non-ASCII names given as arguments are lost; run with a UTF-8 locale, e.g. LC_ALL=C.UTF-8")
                .doesNotContain("Exception");
        assertThat(manifest).doesNotExist();
    }

    @Test
    void shouldNameEveryFileInTheReportAsPythonFindsItAgain() throws Exception {
        Path report = temporary.resolve("verify-report.json");
        Path manifest = temporary.resolve("tree.manifest");
        new VerifyRun(new VerifyOptions(CHUNK, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 2), 100, null,
                log -> { throw new AssertionError("not a snapshot"); },
                log -> { throw new AssertionError("not incremental"); })
                .run(root.toString(), temporary, new VerifyRun.Outputs(manifest, report, null, null), null, null);

        String json = Files.readString(report, StandardCharsets.UTF_8);
        JsonNode read = new ObjectMapper().readTree(json);
        List<String> paths = new ArrayList<>();
        read.at("/files").forEach(file -> paths.add(file.at("/path").asText()));

        assertThat(json).contains("\"path\" : \"bad\\udcff\"", "\"path\" : \"link\\udcfd\"").doesNotContain("?");
        assertThat(paths).containsExactly("back\\slash", "bad\u00e9", "bad\udcff", "bad\ue000", "dir\udcfe.txt",
                "dir\udcfe/in", "dir\udcfe0", "new\nline", "n\u00e9e");
        // Python's json and os.fsencode (surrogateescape) give back the bytes that name each file
        String found = Commands.run("/usr/bin/python3", "-c", "import json, os, sys\n"
                + "root = os.fsencode(sys.argv[1])\n"
                + "report = json.load(open(sys.argv[2], encoding='utf-8'))\n"
                + "print(sum(os.path.isfile(os.path.join(root, os.fsencode(f['path']))) for f in report['files']),"
                + " os.path.islink(os.path.join(root, os.fsencode(report['skipped'][0]['path']))))",
                root.toString(), report.toString());
        assertThat(found.strip()).isEqualTo(FILES.size() + " True");
    }

    /** The manifest's records: every line after the header's last line ({@code # layout:}). */
    private static List<String> records(Path manifest) throws IOException {
        List<String> lines = Files.readAllLines(manifest, StandardCharsets.UTF_8);
        return lines.subList(lines.indexOf("# layout: tree") + 1, lines.size());
    }

    /** What the manifest must hold, each chunk hashed by xxhsum -H1 from the shell (the file named by printf). */
    private List<String> expectedRecords() {
        List<String> lines = new ArrayList<>();
        long chunks = 0;
        for (Entry file : FILES) {
            lines.add("# size: " + file.size() + "\t" + file.manifestPath());
            for (long chunk = 0; chunk * CHUNK < file.size(); chunk++, chunks++) {
                String hash = Commands.run("sh", "-c", "cd \"$1\" && dd if=\"$(printf \"$2\")\" bs=" + CHUNK
                        + " skip=" + chunk + " count=1 2>/dev/null | xxhsum -H1", "sh", root.toString(), file.printf())
                        .split("\\s+")[0];
                lines.add(file.manifestPath() + "\t" + chunk + "\t" + hash);
            }
        }
        lines.add("# end: " + FILES.size() + " files, " + chunks + " chunks");
        return lines;
    }

    private static CompareResult compare(Path left, Path right) {
        try (ManifestReader l = ManifestReader.open(left, null); ManifestReader r = ManifestReader.open(right, null)) {
            return ManifestComparison.compare(l, r, difference -> { });
        }
    }

    private record Run(int exit, byte[] out, String err) {
    }

    /** The command line in its own JVM with LANG and LC_ALL set to {@code locale} (and no other LC_ variable). */
    private Run cli(String locale, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XshowSettings:properties", "-cp", System.getProperty("java.class.path"),
                "io.jenkins.plugins.zfsreplication.cli.Main"));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(temporary, "out", "");
        Path err = Files.createTempFile(temporary, "err", "");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        Map<String, String> environment = builder.environment();
        new HashMap<>(environment).keySet().stream().filter(name -> name.startsWith("LC_") || name.equals("LANG")
                || name.equals("LANGUAGE")).forEach(environment::remove);
        environment.put("LANG", locale);
        environment.put("LC_ALL", locale);
        Process process = builder.start();
        process.getOutputStream().close();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("verify did not end in 120 s");
        }
        return new Run(process.exitValue(), Files.readAllBytes(out), Files.readString(err, StandardCharsets.UTF_8));
    }
}
