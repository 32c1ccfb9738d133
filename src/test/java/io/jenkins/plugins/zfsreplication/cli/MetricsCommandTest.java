package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.metrics.Promtool;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * {@code --metrics-file} on a real night: plan, prune, run and check on zfs-fuse pools write into
 * one textfile, which promtool reads; the numbers are those of the runs' own reports.
 */
@ExtendWith(ZfsTestBed.class)
class MetricsCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final CliEnvironment environment = new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true),
            new PrintWriter(err, true));

    @TempDir
    Path dir;

    @Test
    void shouldWriteEveryCommandsMetricsIntoOneTextfileThatPromtoolReads(TestPools pools) throws Exception {
        DatasetName source = pools.create("msrc");
        DatasetName target = pools.create("mdst");
        pools.exec("zfs", "create", source + "/data");
        for (String snapshot : List.of("zr-20261201T000000Z", "zr-20261201T010000Z", "zr-20261201T020000Z")) {
            Files.write(pools.mountpoint(source.resolve("data")).resolve(snapshot), new byte[64 << 10]);
            pools.exec("zfs", "snapshot", source + "/data@" + snapshot);
        }
        Path metrics = dir.resolve("zfs-replication.prom");
        String file = metrics.toString();

        assertThat(Main.run(environment, "plan", "-r", "--exclude", source.name(), "--target-root", target + "/copy",
                "-o", dir.toString(), "--metrics-file", file, source.name())).as(err.toString()).isZero();
        assertThat(Main.run(environment, "prune", "--plan", dir.resolve("plan.json").toString(), "--keep-source",
                "last: 2", "--keep-target", "last: 2", "--now", "2026-12-01T03:00:00Z", "--destroy", "--metrics-file", file)).as(err.toString()).isZero();
        pools.exec("zfs", "create", target + "/copy");
        assertThat(Main.run(environment, "run", dir.resolve("plan.json").toString(), "--artifacts", dir.toString(),
                "--metrics-file", file)).as(err.toString()).isZero();
        assertThat(Main.run(environment, "check", "-r", "--exclude", source.name(), "--target-root", target + "/copy",
                "--now", "2026-12-01T03:00:00Z", "--metrics-file", file, source.name())).as(out.toString()).isZero();

        JsonNode transfer = new ObjectMapper().readTree(dir.resolve("transfer.json").toFile());
        long full = transfer.get("steps").get(0).get("bytes").asLong();
        long incremental = transfer.get("steps").get(1).get("bytes").asLong();
        String second = transfer.get("steps").get(1).get("kind").asText().toLowerCase(java.util.Locale.ROOT);
        assertThat(transfer.get("steps")).extracting(s -> s.get("to").asText())
                .containsExactly("zr-20261201T010000Z", "zr-20261201T020000Z");
        assertThat(full).isPositive();
        String data = source + "/data";
        assertThat(Files.readAllLines(metrics)).contains(
                "zfs_replication_plan_datasets{action=\"send\",command=\"plan\"} 1",
                "zfs_replication_plan_steps{command=\"plan\",kind=\"full\"} 1",
                "zfs_replication_plan_steps{command=\"plan\",kind=\"incremental_range\"} 1",
                // last: 2 on both sides: 00:00 is not sent and goes from the source; the plan starts from 01:00
                "zfs_replication_snapshots_kept{command=\"prune\",dataset=\"" + data + "\",side=\"source\"} 2",
                "zfs_replication_snapshots_destroyed_total{command=\"prune\",dataset=\"" + data + "\",side=\"source\"} 1",
                "zfs_replication_sent_bytes_total{command=\"run\",dataset=\"" + data + "\",kind=\"full\"} " + full,
                "zfs_replication_sent_bytes_total{command=\"run\",dataset=\"" + data + "\",kind=\"" + second + "\"} "
                        + incremental,
                "zfs_replication_steps_total{command=\"run\",dataset=\"" + data + "\",kind=\"full\",result=\"ok\"} 1",
                "zfs_replication_check_status{command=\"check\"} 0",
                "zfs_replication_dataset_check_status{command=\"check\",dataset=\"" + data + "\"} 0",
                // 2026-12-01T02:00:00Z, the newest snapshot, now on both sides
                "zfs_replication_newest_common_snapshot_timestamp_seconds{command=\"check\",dataset=\"" + data
                        + "\"} 1796090400",
                "zfs_replication_runs_total{command=\"plan\",result=\"success\"} 1",
                "zfs_replication_runs_total{command=\"prune\",result=\"success\"} 1",
                "zfs_replication_runs_total{command=\"run\",result=\"success\"} 1",
                "zfs_replication_runs_total{command=\"check\",result=\"success\"} 1",
                "zfs_replication_last_run_success{command=\"run\"} 1");
        assertThat(Promtool.check(metrics)).isEmpty();

        // a second run of the same plan fails (the target has the snapshots): counted, the last success kept
        String before = Files.readAllLines(metrics).stream()
                .filter(l -> l.startsWith("zfs_replication_last_success_timestamp_seconds{command=\"run\"}")).findFirst()
                .orElseThrow();
        assertThat(Main.run(environment, "run", dir.resolve("plan.json").toString(), "--artifacts", dir.toString(),
                "--metrics-file", file)).isEqualTo(1);
        // what the failed full send streamed before zfs recv refused it is sent bytes too
        JsonNode failed = new ObjectMapper().readTree(dir.resolve("transfer.json").toFile());
        assertThat(failed.get("steps").get(0).get("result").asText()).isEqualTo("failed");
        long more = failed.get("steps").get(0).get("bytes").asLong();
        assertThat(Files.readAllLines(metrics)).contains(before,
                "zfs_replication_runs_total{command=\"run\",result=\"failure\"} 1",
                "zfs_replication_runs_total{command=\"run\",result=\"success\"} 1",
                "zfs_replication_last_run_success{command=\"run\"} 0",
                "zfs_replication_sent_bytes_total{command=\"run\",dataset=\"" + data + "\",kind=\"full\"} "
                        + (full + more),
                "zfs_replication_steps_total{command=\"run\",dataset=\"" + data + "\",kind=\"full\",result=\"failed\"} 1",
                "zfs_replication_last_run_steps{command=\"run\",result=\"failed\"} 1");
        assertThat(Promtool.check(metrics)).isEmpty();
    }

    @Test
    void shouldRefuseAForeignMetricsFileBeforeRunningAnything(TestPools pools) throws Exception {
        DatasetName source = pools.create("fsrc");
        pools.exec("zfs", "snapshot", source + "@zr-20261201T000000Z");
        Path foreign = Files.writeString(dir.resolve("node.prom"), "node_thing 1\n");

        assertThat(Main.run(environment, "plan", "--target-root", source + "/copy", "--snapshot-now", "-o",
                dir.toString(), "--metrics-file", foreign.toString(), source.name())).isEqualTo(2);
        assertThat(Main.run(environment, "check", "--target-root", source + "/copy", "--metrics-file",
                foreign.toString(), source.name())).isEqualTo(3);

        assertThat(err.toString()).contains("error: " + foreign + " exists and was not written by zfs-replication");
        assertThat(out.toString()).startsWith("ZFS-REPLICATION UNKNOWN - " + foreign + " exists and was not written");
        assertThat(Files.readString(foreign)).isEqualTo("node_thing 1\n");
        assertThat(dir.resolve("plan.json")).doesNotExist();
        assertThat(pools.exec("zfs", "list", "-H", "-t", "snapshot", "-o", "name", "-r", source.name()).stdout())
                .isEqualTo(source + "@zr-20261201T000000Z\n");
    }
}
