package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.metrics.Promtool;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code coverage} and {@code check --coverage-ledger} on zfs-fuse, as a backup host without Jenkins
 * runs them: the source's manifests made by {@code verify} and put in the store as the guide says,
 * two nights of coverage, then the coverage age judged as a monitoring plugin, exit status and
 * performance data included. Three files of 100,000 bytes in chunks of 64 KiB: six chunks.
 */
@ExtendWith(ZfsTestBed.class)
class CoverageCommandTest {
    private static final String NIGHT = "2026-12-01T02:00:00Z";
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path work;

    @Test
    void shouldReadASliceANightAndJudgeTheCoverageAgeAsAMonitoringPlugin(TestPools pools) throws Exception {
        Copy copy = copy(pools);
        Path first = Files.createDirectories(work.resolve("runs/1"));
        Path second = Files.createDirectories(work.resolve("runs/2"));

        int night1 = run("coverage", copy.root.name(), "--manifests", copy.store.toString(), "--artifacts",
                first.toString(), "--budget", "200000", "--now", NIGHT, "--metrics-file", work.resolve("c.prom").toString());
        String firstOut = out.toString();
        int night2 = run("coverage", copy.root.name(), "--manifests", copy.store.toString(), "--artifacts",
                second.toString(), "--budget", "200000", "--ledger", first.resolve("coverage-ledger.json").toString(),
                "--now", "2026-12-02T02:00:00Z", "--json");

        assertThat(night1).as(err.toString()).isZero();
        // the budget reads f0 and f1 (200,000 bytes exactly), not f2's first chunk
        assertThat(firstOut).startsWith("coverage " + copy.root + ": 66.7% of 293.0 KiB matched within 7 nights, the oldest"
                + " match 0s old; read 195.3 KiB of a 195.3 KiB slice in ");
        assertThat(night2).as(err.toString()).isZero();
        JsonNode report = new ObjectMapper().readTree(out.toString().substring(firstOut.length()));
        assertThat(report.get("coverage").get("ratio").asDouble()).isEqualTo(1.0);
        // the second night: f2 (new: never read), then its fair share of the rest (200,000 / 7 bytes) is
        // less than f0's first chunk, which is not read
        assertThat(report.get("slice").get("checkedBytes").asLong()).isEqualTo(100_000);
        assertThat(report.get("slice").get("sliceBytes").asLong()).isEqualTo(100_000 + (200_000 + 6) / 7);
        assertThat(Files.readString(work.resolve("c.prom"))).contains(
                "zfs_replication_coverage_checked_bytes_total{command=\"coverage\"} 200000",
                "zfs_replication_coverage_matched_bytes{command=\"coverage\",dataset=\"" + copy.root + "/data\"} 200000",
                "zfs_replication_coverage_oldest_match_timestamp_seconds{command=\"coverage\",dataset=\"" + copy.root
                        + "/data\"} 1796090400");
        assertThat(Promtool.check(work.resolve("c.prom"))).isEmpty();

        // four days after the second night: the oldest match (the first night's) is 4d old, within 8d
        String ledger = second.resolve("coverage-ledger.json").toString();
        out.getBuffer().setLength(0); // the nights' output before, the checks' after
        int ok = run("check", "--target-root", copy.root.resolve("data").name(), "--warn", "30d", "--crit", "40d", "--coverage-ledger",
                ledger, "--now", "2026-12-05T02:00:00Z", copy.source.name());
        String okOut = out.toString();
        int warning = run("check", "--target-root", copy.root.resolve("data").name(), "--warn", "30d", "--crit", "40d",
                "--coverage-ledger", ledger, "--now", "2026-12-09T03:00:00Z", copy.source.name());

        assertThat(ok).as(out.toString()).isZero();
        assertThat(okOut).startsWith("ZFS-REPLICATION OK - 1 dataset(s) replicated, the oldest newest common snapshot is"
                + " 4d1h old; coverage " + copy.root + "/data: 100.0% matched within 7 nights, the oldest byte last"
                + " matched 4d ago |");
        assertThat(okOut).endsWith("\nOK coverage " + copy.root + "/data: 100.0% matched within 7 nights, the oldest"
                + " byte last matched 4d ago\n");
        assertThat(okOut).contains(" 'coverage " + copy.root + "/data'=345600s;691200;864000;0\n");
        // eight days and an hour after the first night: nothing matched within the last seven nights
        assertThat(warning).as(out.toString()).isEqualTo(1);
        assertThat(out.toString().substring(okOut.length())).startsWith("ZFS-REPLICATION WARNING - 1 dataset(s)"
                + " replicated, the oldest newest common snapshot is 8d2h old; coverage WARNING " + copy.root + "/data:"
                + " 0.0% matched within 7 nights, the oldest byte last matched 8d1h ago, above the warning 8d |");
    }

    @Test
    void shouldStartOverWithACopyDestroyedAndReceivedAgainUnderTheSameGuid(TestPools pools) throws Exception {
        Copy copy = copy(pools);
        Path first = Files.createDirectories(work.resolve("runs/1"));
        Path second = Files.createDirectories(work.resolve("runs/2"));
        assertThat(run("coverage", copy.root.name(), "--manifests", copy.store.toString(), "--artifacts",
                first.toString(), "--budget", "200000", "--now", NIGHT)).as(err.toString()).isZero();
        String snapshot = copy.source + "@zr-20261201T010000Z";
        String copied = copy.root + "/data@zr-20261201T010000Z";
        String guid = pools.exec("zfs", "get", "-Hp", "-o", "value", "guid", copied).stdout().strip();
        String txg = pools.exec("zfs", "get", "-Hp", "-o", "value", "createtxg", copied).stdout().strip();
        // the copy destroyed and received again: the same snapshot GUID, other blocks, a later createtxg
        destroyCopy(pools, copy.root + "/data");
        pools.pipe(java.util.List.of("zfs", "send", snapshot), java.util.List.of("zfs", "recv", copy.root + "/data"));
        assertThat(pools.exec("zfs", "get", "-Hp", "-o", "value", "guid", copied).stdout().strip()).isEqualTo(guid);
        assertThat(pools.exec("zfs", "get", "-Hp", "-o", "value", "createtxg", copied).stdout().strip()).isNotEqualTo(txg);
        out.getBuffer().setLength(0);

        assertThat(run("coverage", copy.root.name(), "--manifests", copy.store.toString(), "--artifacts",
                second.toString(), "--budget", "100000", "--ledger", first.resolve("coverage-ledger.json").toString(),
                "--now", "2026-12-02T02:00:00Z", "--json")).as(err.toString()).isZero();

        JsonNode report = new ObjectMapper().readTree(out.toString());
        // nothing of the first night's reads counts: only tonight's 100,000 bytes of the 300,000
        assertThat(report.get("slice").get("checkedBytes").asLong()).isEqualTo(100_000);
        assertThat(report.get("coverage").get("ratio").asDouble()).isEqualTo(100_000 / 300_000.0);
        assertThat(report.get("pruned")).extracting(JsonNode::asText).containsExactly(copied);
        assertThat(report.get("added")).extracting(a -> a.get("snapshot").asText(), a -> a.get("toReadBytes").asLong())
                .containsExactly(org.assertj.core.groups.Tuple.tuple("zr-20261201T010000Z", 300_000L));
    }

    @Test
    void shouldRefuseBadInputInOneLineBeforeAnythingRuns(TestPools pools) throws Exception {
        DatasetName pool = pools.create("cbad");

        assertThat(run("coverage", pool.name(), "--manifests", work.resolve("none").toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("error: The manifest store " + work.resolve("none") + " is not a directory\n");
        assertThat(run("coverage", pool.name(), "--manifests", work.toString(), "--budget", "12x")).isEqualTo(2);
        assertThat(run("coverage", pool.name(), "--manifests", work.toString(), "--nights", "0")).isEqualTo(2);
        assertThat(run("coverage", pool.name(), "--manifests", work.toString(), "--time-budget", "2q")).isEqualTo(2);
        assertThat(run("coverage", pool.name(), "--manifests", work.toString(), "--drill-scratch", "pool")).isEqualTo(2);
        assertThat(err.toString().lines()).hasSize(5).allMatch(line -> line.startsWith("error: "));
        assertThat(run("check", "--target-root", "b/c", "--coverage-ledger", "/dev/null", pool.name())).isEqualTo(3);
        assertThat(out.toString()).startsWith("ZFS-REPLICATION UNKNOWN - Cannot read the coverage ledger /dev/null");
        Files.writeString(work.resolve("ledger.json"), "{\"kind\": \"something else\"}");
        assertThat(run("check", "--target-root", "b/c", "--coverage-ledger", work.resolve("ledger.json").toString(),
                pool.name())).isEqualTo(3);
        assertThat(out.toString()).contains("is not a coverage ledger of format 1");
    }

    /**
     * zfs destroy -r -f: zfs-fuse may still call the copy busy for a moment after the night's read
     * of it ended (a clone of it destroyed just before); a bounded number of tries, never a wait on
     * an outcome the test checks.
     */
    private static void destroyCopy(TestPools pools, String dataset) throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            io.jenkins.plugins.zfsreplication.zfs.CommandResult result = pools.runner().run(
                    java.util.List.of("zfs", "destroy", "-r", "-f", dataset), java.time.Duration.ofMinutes(1));
            if (result.succeeded() || attempt == 50 || !result.stderr().contains("dataset is busy")) {
                result.orThrow();
                return;
            }
            Thread.sleep(200);
        }
    }

    /** A source dataset, its copy below a root, and a manifest store with the snapshot's manifest and GUID. */
    private record Copy(DatasetName source, DatasetName root, Path store) {
    }

    private Copy copy(TestPools pools) throws IOException {
        DatasetName source = pools.create("csrc").resolve("data");
        DatasetName root = pools.create("cdst").resolve("copy");
        pools.exec("zfs", "create", "-o", "compression=off", source.name());
        pools.exec("zfs", "create", root.name());
        Random random = new Random(5);
        for (int i = 0; i < 3; i++) {
            byte[] data = new byte[100_000];
            random.nextBytes(data);
            pools.write(source, "f" + i, data);
        }
        String snapshot = source + "@zr-20261201T010000Z";
        pools.exec("zfs", "snapshot", snapshot);
        pools.pipe(java.util.List.of("zfs", "send", snapshot), java.util.List.of("zfs", "recv", root + "/data"));
        Path store = Files.createDirectories(work.resolve("store/data"));
        assertThat(run("verify", "--block-size", "64K", "-o", store.resolve("zr-20261201T010000Z.manifest").toString(),
                snapshot)).as(err.toString()).isZero();
        Files.writeString(store.resolve("zr-20261201T010000Z.guid"), pools.exec("zfs", "get", "-Hp", "-o", "value",
                "guid", snapshot).stdout());
        return new Copy(source, root, work.resolve("store"));
    }

    private int run(String... args) {
        return Main.run(new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true),
                new PrintWriter(err, true)), args);
    }
}
