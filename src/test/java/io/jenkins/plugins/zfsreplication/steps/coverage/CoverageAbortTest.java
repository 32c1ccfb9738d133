package io.jenkins.plugins.zfsreplication.steps.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.steps.coverage.CoverageSettings.Budget;
import io.jenkins.plugins.zfsreplication.steps.coverage.CoverageSettings.Drill;
import io.jenkins.plugins.zfsreplication.steps.shared.StepAbort;
import io.jenkins.plugins.zfsreplication.steps.views.CoverageRecord;
import io.jenkins.plugins.zfsreplication.verify.Verifier;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;
import io.jenkins.plugins.zfsreplication.verify.ZfsCloneMounter;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.TestProcesses;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * zfsCoverage aborted while it reads the copy, driven as its step runs it ({@link StepAbort}): the
 * reading threads end, the night still writes its ledger and its report (which says where it was
 * cancelled), the snapshot read before the cancel counts and the one being read counts nothing, and
 * the step archives and records that before it ends as aborted. On zfs-fuse, which reports no holes:
 * the copy's 4 GiB file of zeros is read whole, seconds of reading to abort in.
 */
@ExtendWith(ZfsTestBed.class)
class CoverageAbortTest {
    private static final int MIB = 1 << 20;

    @Test
    void shouldKeepWhatWasReadAndRecordTheCancelWhenAborted(TestPools pools, @TempDir Path workspace)
            throws Exception {
        DatasetName source = pools.create("ca").resolve("data");
        DatasetName copies = pools.create("cb").resolve("copy");
        pools.exec("zfs", "create", "-o", "compression=off", source.name());
        pools.exec("zfs", "create", copies.name());
        byte[] data = new byte[MIB];
        new Random(5).nextBytes(data);
        pools.write(source, "a.bin", data);
        pools.exec("zfs", "snapshot", source + "@s1");
        try (RandomAccessFile big = new RandomAccessFile(pools.mountpoint(source).resolve("z.bin").toFile(), "rw")) {
            big.setLength(4L << 30);
        }
        pools.exec("zfs", "snapshot", source + "@s2");
        DatasetName copy = copies.resolve("data");
        pools.pipe(List.of("zfs", "send", source + "@s1"), List.of("zfs", "recv", copy.name()));
        pools.pipe(List.of("zfs", "send", "-i", "@s1", source + "@s2"), List.of("zfs", "recv", copy.name()));
        Path store = Files.createDirectories(workspace.resolve("manifests/data"));
        for (String snapshot : List.of("s1", "s2")) {
            new Verifier(VerifyOptions.defaults(), 1000, null).verifySnapshot(source + "@" + snapshot,
                    new ZfsCloneMounter(pools.runner(), line -> { }), store.resolve(snapshot + ".manifest"), null);
            Files.writeString(store.resolve(snapshot + ".guid"), pools.exec("zfs", "get", "-Hp", "-o", "value",
                    "guid", source + "@" + snapshot).stdout());
        }
        // one night reads everything: s1's megabyte first (the older), then s2's own 4 GiB
        CoverageSettings settings = new CoverageSettings(copies.name(), "manifests", 1, Budget.NONE, Drill.NONE, null,
                null);
        StepAbort<CoverageCallable.Outcome> step = StepAbort.start("zfsCoverage",
                new CoverageCallable(settings, false, () -> System.out), workspace,
                answer -> CoverageRunner.record(answer.value(), List.of("coverage-ledger.json", "coverage-night.json")));
        long[] readingSince = {0};

        Object outcome = step.abortWhen(() -> {
            if (readingSince[0] == 0 && readingThreads() > 0) {
                readingSince[0] = System.nanoTime();
            }
            return readingSince[0] != 0 && System.nanoTime() - readingSince[0] > 1_500_000_000L;
        }, Duration.ofSeconds(120));

        assertThat((Throwable) outcome).isInstanceOf(AbortException.class).hasMessage("aborted by admin");
        assertThat(((Throwable) outcome).getSuppressed()).singleElement().isInstanceOf(InterruptedException.class)
                .hasFieldOrPropertyWithValue("message", "zfsCoverage was aborted");
        assertThat(readingThreads()).isZero();
        assertThat(TestProcesses.descendants().map(p -> TestProcesses.cmdline(p.pid()))).isEmpty();
        // the clone it read through is gone: only the copy and its snapshots are left
        assertThat(pools.exec("zfs", "list", "-H", "-o", "name", "-t", "all", "-r", copies.name()).stdout().lines())
                .containsExactlyInAnyOrder(copies.name(), copy.name(), copy + "@s1", copy + "@s2");

        JsonNode night = new ObjectMapper().readTree(workspace.resolve("coverage-night.json").toFile());
        assertThat(night.path("slice").path("cancelled").asText())
                .isEqualTo("Verification cancelled while hashing z.bin");
        assertThat(night.path("slice").path("checkedBytes").asLong()).isEqualTo(MIB);
        List<String> read = new ArrayList<>();
        night.path("reads").forEach(r -> read.add(r.path("snapshot").asText() + " " + r.path("checkedBytes").asLong()));
        assertThat(read).containsExactly("s1 " + MIB);
        assertThat(night.path("drill").isNull()).isTrue();
        JsonNode ledger = new ObjectMapper().readTree(workspace.resolve("coverage-ledger.json").toFile());
        // each snapshot's own segments (s2 inherits a.bin from s1): how many were read, of how many
        List<String> ledgerReads = new ArrayList<>();
        ledger.path("snapshots").forEach(snapshot -> {
            int own = 0;
            int readAt = 0;
            for (JsonNode segment : snapshot.path("segments")) {
                if (!segment.has("inherits")) {
                    own++;
                    readAt += segment.path("readAt").isNull() ? 0 : 1;
                }
            }
            ledgerReads.add(snapshot.path("snapshot").asText() + " " + readAt + " of " + own);
        });
        assertThat(ledgerReads).containsExactly("s1 1 of 1", "s2 0 of 1");
        try (Stream<Path> files = Files.list(workspace)) {
            assertThat(files.map(f -> f.getFileName().toString()).sorted())
                    .containsExactly("coverage-ledger.json", "coverage-night.json", "manifests");
        }

        CoverageCallable.Outcome answered = step.answer().value();
        assertThat(step.answer().aborted()).isTrue();
        assertThat(answered.cancelled()).isEqualTo("Verification cancelled while hashing z.bin");
        assertThat(answered.summary()).endsWith("; cancelled: Verification cancelled while hashing z.bin");
        CoverageRecord record = (CoverageRecord) step.record();
        assertThat(List.of(record.getSummary(), record.getCheckedBytes()))
                .containsExactly(answered.summary(), (long) MIB);
        assertThat(record.getArtifacts()).containsExactly("coverage-ledger.json", "coverage-night.json");
    }

    private static long readingThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().equals("zfsr-verify-hash")).count();
    }
}
