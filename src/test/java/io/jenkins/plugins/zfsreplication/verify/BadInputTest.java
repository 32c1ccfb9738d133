package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input gets a clear message and a non-zero exit, and leaves no manifest behind: neither
 * under its name nor as a temporary file.
 */
class BadInputTest {
    @TempDir
    Path temporary;

    private Path data() {
        return SparseFixture.create(temporary.resolve("data.bin"), 21).data(0, 300_000).size(300_000);
    }

    private void assertNothingWritten(Path output) throws IOException {
        assertThat(output).doesNotExist();
        try (Stream<Path> files = Files.list(output.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(name -> name.contains(".tmp"));
        }
    }

    @Test
    void shouldRejectAMissingPath() throws IOException {
        Path output = temporary.resolve("out.manifest");

        Cli.Run run = Cli.run("verify", "-o", output.toString(), temporary.resolve("no-such-file").toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("no-such-file does not exist: give a file, a directory, a block device or a snapshot");
        assertNothingWritten(output);
    }

    @Test
    void shouldRejectBlockSizesThatAreZeroOrNotPowersOfTwo() throws IOException {
        Path output = temporary.resolve("out.manifest");
        for (String size : List.of("0", "3000", "1.5M", "-4K")) {
            Cli.Run run = Cli.run("verify", "--block-size=" + size, "-o", output.toString(), data().toString());

            assertThat(run.exit()).as(size).isEqualTo(2);
            assertThat(run.err()).as(size).containsAnyOf("is not a positive power of two", "is not a size");
        }
        assertNothingWritten(output);
    }

    @Test
    void shouldRejectAnUnknownHashName() throws IOException {
        Path output = temporary.resolve("out.manifest");

        Cli.Run run = Cli.run("verify", "--hash", "md5", "-o", output.toString(), data().toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("Unknown hash 'md5': use one of xxh64, xxh3, xxh128, sha256, sha1");
        assertNothingWritten(output);
    }

    @Test
    void shouldRejectMalformedAndIncompleteManifests() throws IOException {
        Path good = temporary.resolve("good.manifest");
        assertThat(Cli.run("verify", "-o", good.toString(), data().toString()).exit()).isZero();
        List<String> lines = Files.readAllLines(good);
        Path damaged = temporary.resolve("damaged.manifest");
        Files.write(damaged, lines.stream().map(l -> l.startsWith("0\t") ? "0\tnot-a-hash" : l).toList());
        Path cut = temporary.resolve("cut.manifest");
        Files.write(cut, lines.subList(0, lines.size() - 1));

        Cli.Run malformed = Cli.run("compare", damaged.toString(), good.toString());
        Cli.Run incomplete = Cli.run("compare", good.toString(), cut.toString());
        Cli.Run headerless = Cli.run("compare", "--left-manifest", data().toString(), good.toString());

        assertThat(malformed.exit()).isEqualTo(2);
        assertThat(malformed.err()).contains("Malformed manifest " + damaged + ", line 10: expected 'CHUNK<TAB>HASH'"
                + " (xxh64 hash), found '0\\tnot-a-hash'"); // the quoted line shown escaped
        assertThat(incomplete.exit()).isEqualTo(2);
        assertThat(incomplete.err()).contains("ends without its '# end:' line: the run that wrote it did not finish");
        assertThat(headerless.exit()).isEqualTo(2);
        assertThat(headerless.err()).contains("line 1: not UTF-8 text: is this a manifest?");
    }

    @Test
    void shouldFailOnAnUnreadableFileInATreeAndLeaveNoManifest() throws IOException {
        Path tree = Files.createDirectory(temporary.resolve("tree"));
        SparseFixture.create(tree.resolve("a-readable"), 22).data(0, 1000).size(1000);
        Path locked = SparseFixture.create(tree.resolve("b-locked"), 23).data(0, 1000).size(1000);
        Files.setPosixFilePermissions(locked, java.util.Set.of());
        Path output = temporary.resolve("tree.manifest");

        // root reads any file; without CAP_DAC_OVERRIDE/CAP_DAC_READ_SEARCH it obeys the mode bits like any user
        Commands.Result result = Commands.tryRun(List.of("setpriv", "--bounding-set", "-dac_override,-dac_read_search",
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.jenkins.plugins.zfsreplication.cli.Main",
                "verify", "-o", output.toString(), tree.toString()));

        assertThat(result.exit()).as(result.output()).isEqualTo(2);
        assertThat(result.output()).contains("Cannot open " + locked + " for reading: EACCES");
        assertNothingWritten(output);
    }

    @Test
    void shouldRefuseAnOutputThatNamesNoFile() {
        Cli.Run run = Cli.run("verify", "-o", "/", data().toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("Cannot write the manifest /: it names no file");
    }
}
