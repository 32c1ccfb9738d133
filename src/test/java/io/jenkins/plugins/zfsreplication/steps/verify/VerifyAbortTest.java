package io.jenkins.plugins.zfsreplication.steps.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.steps.shared.StepAbort;
import io.jenkins.plugins.zfsreplication.steps.verify.VerifySettings.Hashing;
import io.jenkins.plugins.zfsreplication.steps.views.VerifyRecord;
import io.jenkins.plugins.zfsreplication.verify.VerifyRun;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.TestProcesses;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * zfsVerify of a zfs-fuse snapshot aborted in the middle of a file, driven as its step runs it
 * ({@link StepAbort}): the hashing threads end, the clone it reads through is destroyed, no manifest
 * is left, and the report, written anyway, says the run was cancelled and counts the files hashed
 * before the cancel; the step records that.
 */
@ExtendWith(ZfsTestBed.class)
class VerifyAbortTest {
    private static final int MIB = 1 << 20;

    @Test
    void shouldStopHashingDestroyTheCloneAndReportHowFarItGotWhenAborted(TestPools pools, @TempDir Path workspace)
            throws Exception {
        Zfs zfs = new Zfs(new ProcessCommandRunner());
        DatasetName dataset = pools.create("va").resolve("data");
        zfs.createFilesystem(dataset, Map.of());
        byte[] data = new byte[MIB];
        new Random(11).nextBytes(data);
        Files.write(pools.mountpoint(dataset).resolve("a.bin"), data);
        // 64 GiB of holes, all read (sparse "off"): minutes of hashing, cut after the first file
        try (RandomAccessFile big = new RandomAccessFile(pools.mountpoint(dataset).resolve("z.bin").toFile(), "rw")) {
            big.setLength(64L << 30);
        }
        zfs.snapshot(List.of(dataset.snapshot("s1")), false);
        Files.writeString(workspace.resolve("source.manifest"), "never read: a cancelled verify compares nothing\n");
        VerifySettings settings = new VerifySettings(dataset + "@s1", "copy", new Hashing("1M", 1, "xxh64", "off", 2),
                "source.manifest", true);
        StepAbort<VerifyRun.Outcome> step = StepAbort.start("zfsVerify", new VerifyCallable(settings), workspace,
                answer -> new VerifyRecord(settings.target(), settings.compareWith(), settings.name(), answer.value(),
                        answer.aborted()));
        long[] hashingSince = {0};

        Object outcome = step.abortWhen(() -> {
            if (hashingSince[0] == 0 && hashingThreads() > 0) {
                hashingSince[0] = System.nanoTime();
            }
            return hashingSince[0] != 0 && System.nanoTime() - hashingSince[0] > 1_500_000_000L;
        }, Duration.ofSeconds(60));

        assertThat((Throwable) outcome).isInstanceOf(AbortException.class).hasMessage("aborted by admin");
        assertThat(((Throwable) outcome).getSuppressed()).singleElement().isInstanceOf(InterruptedException.class)
                .hasFieldOrPropertyWithValue("message", "zfsVerify was aborted");
        assertThat(hashingThreads()).isZero();
        assertThat(TestProcesses.descendants().map(p -> TestProcesses.cmdline(p.pid()))).isEmpty();
        assertThat(pools.exec("zfs", "list", "-H", "-o", "name", "-t", "all", "-r", dataset.pool()).stdout())
                .doesNotContain("zfsr-verify");
        try (Stream<Path> files = Files.list(workspace)) {
            assertThat(files.map(f -> f.getFileName().toString()).sorted()).containsExactly("copy-report.json",
                    "copy-throughput.csv", "copy-throughput.svg", "source.manifest");
        }
        JsonNode report = new ObjectMapper().readTree(workspace.resolve("copy-report.json").toFile());
        assertThat(report.path("cancelled").asText()).isEqualTo("Verification cancelled while hashing z.bin");
        assertThat(report.path("manifest").isNull()).isTrue();
        assertThat(report.has("comparison")).isFalse();
        JsonNode totals = report.path("totals");
        assertThat(List.of(totals.path("files").asLong(), totals.path("bytes").asLong(), totals.path("chunks").asLong(),
                totals.path("dataBytes").asLong())).containsExactly(1L, (long) MIB, 1L, (long) MIB);
        assertThat(report.path("files").get(0).path("path").asText()).isEqualTo("a.bin");

        VerifyRun.Outcome answered = step.answer().value();
        assertThat(step.answer().aborted()).isTrue();
        assertThat(answered.cancelled()).isEqualTo("Verification cancelled while hashing z.bin");
        assertThat(answered.identical()).isNull();
        assertThat(answered.artifacts()).containsExactly("copy-report.json", "copy-throughput.csv", "copy-throughput.svg");
        VerifyRecord record = (VerifyRecord) step.record();
        assertThat(List.of(record.isAborted(), record.getVerdict(), record.getFiles(), record.getBytes()))
                .containsExactly(true, "CANCELLED", 1L, (long) MIB);
        assertThat(record.getArtifacts()).containsExactly("copy-report.json", "copy-throughput.csv",
                "copy-throughput.svg");
        // the snapshot is not pinned by a leaked clone
        zfs.destroySnapshots(dataset, List.of("s1"));
    }

    private static long hashingThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().equals("zfsr-verify-hash")).count();
    }
}
