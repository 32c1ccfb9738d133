package io.jenkins.plugins.zfsreplication.steps.verify;

import io.jenkins.plugins.zfsreplication.steps.shared.RoundTrip;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.steps.verify.VerifySettings.Hashing;
import io.jenkins.plugins.zfsreplication.verify.VerifyRun;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The zfsVerify callable, invoked directly on a real workspace folder as the agent would (after a
 * serialization round trip, as remoting does).
 */
class VerifyCallableTest {
    @TempDir
    Path workspace;

    private Path sparseFile(String name, long seed) throws IOException {
        Path file = workspace.resolve(name);
        byte[] data = new byte[300_000];
        new Random(seed).nextBytes(data);
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(2 << 20);
            raf.write(data);
            raf.setLength(6 << 20);
        }
        return file;
    }

    private static VerifySettings settings(String target, String name, String compareWith) {
        return new VerifySettings(target, name, new Hashing("1M", 1, "xxh64", "auto", 1), compareWith, true);
    }

    @Test
    void shouldWriteManifestReportAndChartIntoTheWorkspace() throws Exception {
        sparseFile("disk.img", 1);

        VerifyRun.Outcome outcome = RoundTrip.of(new VerifyCallable(settings("disk.img", "source", null)))
                .invoke(workspace.toFile(), null);

        assertThat(outcome.artifacts()).containsExactly("source.manifest", "source-report.json",
                "source-throughput.csv", "source-throughput.svg");
        assertThat(outcome.artifacts()).allSatisfy(name -> assertThat(workspace.resolve(name)).isRegularFile());
        assertThat(outcome.identical()).isNull();
        assertThat(outcome.summary()).startsWith("verified 1 file(s), 6.0 MiB");
        assertThat(Files.readString(workspace.resolve("source-report.json"))).contains("\"manifest\" : \"source.manifest\"");
        assertThat(RoundTrip.of(outcome)).isEqualTo(outcome);
    }

    @Test
    void shouldReportEveryDifferenceAgainstAReferenceManifest() throws Exception {
        sparseFile("disk.img", 1);
        new VerifyCallable(settings("disk.img", "source", null)).invoke(workspace.toFile(), null);
        try (RandomAccessFile raf = new RandomAccessFile(workspace.resolve("disk.img").toFile(), "rw")) {
            raf.seek(4 << 20);
            raf.write(7);
        }

        VerifyRun.Outcome outcome = new VerifyCallable(settings("disk.img", "copy", "source.manifest"))
                .invoke(workspace.toFile(), null);

        assertThat(outcome.mismatch()).isTrue();
        assertThat(outcome.differences()).hasSize(1).first().asString()
                .startsWith("chunk 4 differs: (file) at offset 4194304, 1048576 bytes");
        assertThat(outcome.comparisonSummary()).startsWith("compare: 1 difference(s)");
        assertThat(Files.readString(workspace.resolve("copy-report.json"))).contains("\"identical\" : false");
        assertThat(VerifyRunner.toScriptValue(outcome)).containsEntry("mismatches", 1L).containsEntry("files", 1L)
                .containsEntry("chunks", 6L).containsEntry("bytes", 6L << 20).containsEntry("identical", false);
    }

    @Test
    void shouldAbortWithTheEngineMessageOnBadInput() {
        VerifyCallable missing = new VerifyCallable(settings("no-such.img", "verify", null));

        assertThatThrownBy(() -> missing.invoke(workspace.toFile(), null)).isInstanceOf(AbortException.class)
                .hasMessageContaining("zfsVerify: ").hasMessageContaining("no-such.img does not exist");
        assertThat(workspace.resolve("verify.manifest")).doesNotExist();
    }

    @Test
    void shouldShowANameThatIsNotUtf8AsItsByteInTheAbortMessage() throws Exception {
        Files.createDirectories(workspace.resolve("tree"));
        Files.writeString(workspace.resolve("tree/a"), "a");
        // a reference manifest whose files are out of order, the first named by the byte 0xFF
        Files.writeString(workspace.resolve("reference.manifest"), String.join("\n", "# zfs-replication checksum manifest",
                "# format: 1", "# tool: test", "# hash: xxh64", "# block-size: 1048576", "# count: 1",
                "# chunk-size: 1048576", "# layout: tree", "# size: 0\tb\\xFF", "# size: 0\ta", "# end: 2 files, 0 chunks",
                ""));
        VerifyCallable unsorted = new VerifyCallable(settings("tree", "copy", "reference.manifest"));

        assertThatThrownBy(() -> unsorted.invoke(workspace.toFile(), null)).isInstanceOf(AbortException.class)
                .hasMessageContaining("files are not sorted by path ('a' after 'b\\xFF')");
    }

    @Test
    void shouldRejectBadSettingsOnTheController() {
        assertThatThrownBy(() -> new VerifySettings("x", "verify", new Hashing("3000", 1, "xxh64", "auto", 0), null,
                true))
                .hasMessageContaining("3000 is not a positive power of two");
        assertThatThrownBy(() -> new VerifySettings("x", "verify", new Hashing("1M", 1, "md5", "auto", 0), null, true))
                .hasMessageContaining("Unknown hash 'md5'");
        assertThatThrownBy(() -> new VerifySettings(" ", "verify", new Hashing("1M", 1, "xxh64", "auto", 0), null,
                true))
                .hasMessageContaining("needs a target");
        // the name becomes artifact paths and a file the controller writes: a plain file name only
        for (String name : new String[] {"../../jobs/other/config", "sub/verify", ".hidden", "", "a b"}) {
            assertThatThrownBy(() -> new VerifySettings("x", name, new Hashing("1M", 1, "xxh64", "auto", 0), null,
                    true))
                    .as(name).isInstanceOf(IllegalArgumentException.class).hasMessage("zfsVerify: name: Artifact name '"
                            + name + "' must be letters, digits, '.', '_' or '-' (it names files)");
        }
    }

    @Test
    void shouldRunTheFreestyleBuilderWithTheSettingsOfTheStepItHolds() {
        ZfsVerifyStep step = new ZfsVerifyStep("pool/vm@daily");
        step.setName("target");
        step.setHash("sha256");
        step.setCompareWith("source.manifest");
        ZfsVerifyBuilder builder = new ZfsVerifyBuilder(step);

        assertThat(builder.getVerify().settings(StepDefaults.BUILT_IN)).isEqualTo(new VerifySettings("pool/vm@daily",
                "target", new Hashing("1M", 1, "sha256", "auto", 0), "source.manifest", true));
    }
}
