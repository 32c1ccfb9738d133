package io.jenkins.plugins.zfsreplication.metrics;

import static io.jenkins.plugins.zfsreplication.metrics.RunMetrics.labels;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The textfile: exact text, checked by promtool; counters add up, gauges replace, foreign files are left alone. */
class MetricsFileTest {
    private static final Instant T0 = Instant.parse("2026-12-01T02:00:00Z");

    @TempDir
    Path folder;

    @Test
    void shouldAddCountersReplaceGaugesKeepOtherCommandsAndTheLastSuccessAcrossAFailure() throws Exception {
        Path file = folder.resolve("zfs-replication.prom");
        MetricsFile.write(file, new RunMetrics("run")
                .count("sent_bytes_total", "Bytes sent.", labels("dataset", "tank/a", "kind", "full"), 1000)
                .gauge("last_run_steps", "Steps.", labels("result", "ok"), 1)
                .finish(T0, T0.plusMillis(1500), true));
        MetricsFile.write(file, new RunMetrics("check")
                .gauge("check_status", "Status.", Map.of(), 0)
                .finish(T0.plusSeconds(60), T0.plusSeconds(61), true));
        MetricsFile.write(file, new RunMetrics("run")
                .count("sent_bytes_total", "Bytes sent.", labels("dataset", "tank/a", "kind", "full"), 24)
                .count("sent_bytes_total", "Bytes sent.", labels("dataset", "tank/\"odd\\name\n", "kind", "incremental"), 7)
                .finish(T0.plusSeconds(3600), T0.plusSeconds(3602), false));

        assertThat(Files.readString(file)).isEqualTo("""
                # zfs-replication metrics: counters add up across runs; delete this file to reset them
                # HELP zfs_replication_check_status Status.
                # TYPE zfs_replication_check_status gauge
                zfs_replication_check_status{command="check"} 0
                # HELP zfs_replication_last_run_duration_seconds How long the last run of this command took.
                # TYPE zfs_replication_last_run_duration_seconds gauge
                zfs_replication_last_run_duration_seconds{command="check"} 1
                zfs_replication_last_run_duration_seconds{command="run"} 2
                # HELP zfs_replication_last_run_success 1 when the last run of this command succeeded, else 0.
                # TYPE zfs_replication_last_run_success gauge
                zfs_replication_last_run_success{command="check"} 1
                zfs_replication_last_run_success{command="run"} 0
                # HELP zfs_replication_last_run_timestamp_seconds When the last run of this command finished.
                # TYPE zfs_replication_last_run_timestamp_seconds gauge
                zfs_replication_last_run_timestamp_seconds{command="check"} 1796090461
                zfs_replication_last_run_timestamp_seconds{command="run"} 1796094002
                # HELP zfs_replication_last_success_timestamp_seconds When a run of this command last succeeded (kept across failed runs).
                # TYPE zfs_replication_last_success_timestamp_seconds gauge
                zfs_replication_last_success_timestamp_seconds{command="check"} 1796090461
                zfs_replication_last_success_timestamp_seconds{command="run"} 1796090401
                # HELP zfs_replication_runs_total Runs of this command, by result.
                # TYPE zfs_replication_runs_total counter
                zfs_replication_runs_total{command="check",result="success"} 1
                zfs_replication_runs_total{command="run",result="failure"} 1
                zfs_replication_runs_total{command="run",result="success"} 1
                # HELP zfs_replication_sent_bytes_total Bytes sent.
                # TYPE zfs_replication_sent_bytes_total counter
                zfs_replication_sent_bytes_total{command="run",dataset="tank/\\"odd\\\\name\\n",kind="incremental"} 7
                zfs_replication_sent_bytes_total{command="run",dataset="tank/a",kind="full"} 1024
                """);
        assertThat(Promtool.check(file)).isEmpty();
        assertThat(folder.resolve("zfs-replication.prom.tmp")).doesNotExist();
    }

    @Test
    void shouldNeverOverwriteAFileItDidNotWrite() throws Exception {
        Path foreign = Files.writeString(folder.resolve("node.prom"), "node_custom 1\n");
        Path directory = Files.createDirectory(folder.resolve("dir"));

        assertThatThrownBy(() -> MetricsFile.checkWritable(foreign)).hasMessageStartingWith(foreign
                + " exists and was not written by zfs-replication");
        assertThatThrownBy(() -> MetricsFile.write(foreign, new RunMetrics("plan").finish(T0, T0, true)))
                .isInstanceOf(MetricsException.class);
        assertThatThrownBy(() -> MetricsFile.checkWritable(directory)).hasMessageContaining("is a directory");
        assertThatThrownBy(() -> MetricsFile.checkWritable(folder.resolve("missing/x.prom")))
                .hasMessageContaining("does not exist");
        assertThat(Files.readString(foreign)).isEqualTo("node_custom 1\n");
    }

    @Test
    void shouldRefuseCountersWithoutTotalAndAMetricOfTwoTypes() {
        assertThatThrownBy(() -> new RunMetrics("run").count("sent_bytes", "x", Map.of(), 1))
                .hasMessage("Counter zfs_replication_sent_bytes must end in _total");
        assertThatThrownBy(() -> new RunMetrics("run").gauge("a_total", "x", Map.of(), 1).count("a_total", "x",
                Map.of(), 1)).hasMessage("zfs_replication_a_total is a gauge, not a counter");
    }
}
