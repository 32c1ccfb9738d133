package io.jenkins.plugins.zfsreplication.steps.check;

import io.jenkins.plugins.zfsreplication.steps.shared.SelectionSettings;
import io.jenkins.plugins.zfsreplication.steps.shared.PullSource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import hudson.AbortException;
import hudson.model.Result;
import io.jenkins.plugins.zfsreplication.steps.shared.RoundTrip;
import io.jenkins.plugins.zfsreplication.steps.views.CheckRecord;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * zfsCheck's callable invoked on a real workspace folder and real pools as the agent would (after
 * a serialization round trip), the build page's record made from it, and the build result per status.
 */
@ExtendWith(ZfsTestBed.class)
class CheckCallableTest {
    private static final Instant NOW = Instant.parse("2026-12-05T12:00:00Z");

    @TempDir
    Path workspace;

    @Test
    void shouldCheckIntoTheWorkspaceAndShowEveryDatasetsAgesOnTheBuildPage(TestPools pools) throws Exception {
        DatasetName source = pools.create("zcsrc");
        DatasetName target = pools.create("zcdst");
        pools.exec("zfs", "create", target + "/copy");
        pools.exec("zfs", "create", source + "/fresh");
        pools.exec("zfs", "create", source + "/late");
        replicate(pools, source + "/fresh@zr-20261205T060000Z", target + "/copy/fresh");
        replicate(pools, source + "/late@zr-20261204T000000Z", target + "/copy/late");
        pools.exec("zfs", "snapshot", source + "/late@zr-20261205T110000Z");
        CheckSettings settings = new CheckSettings(
                new SelectionSettings.Datasets(source.name(), true, null, source.name(), null),
                new SelectionSettings.Target(target + "/copy", ""), PullSource.HERE, "26h", "50h");

        CheckCallable.Summary summary = RoundTrip.of(new CheckCallable(settings, null, NOW, null))
                .invoke(workspace.toFile(), null);

        assertThat(summary.status()).isEqualTo("WARNING");
        assertThat(summary.firstLine()).startsWith("ZFS-REPLICATION WARNING - 0 critical, 1 warning, 1 ok: "
                + source + "/late: newest common snapshot @zr-20261204T000000Z is 1d12h old, above the warning 1d2h |");
        assertThat(summary.datasets()).extracting(CheckCallable.DatasetAges::source, CheckCallable.DatasetAges::status,
                CheckCallable.DatasetAges::commonAge, CheckCallable.DatasetAges::sourceAge,
                CheckCallable.DatasetAges::targetAge).containsExactly(
                        org.assertj.core.groups.Tuple.tuple(source + "/fresh", "OK", 21_600L, 21_600L, 21_600L),
                        org.assertj.core.groups.Tuple.tuple(source + "/late", "WARNING", 129_600L, 3600L, 129_600L));
        assertThat(Files.readString(workspace.resolve("check.json"))).contains("\"status\" : \"WARNING\"");
        assertThat(Files.readString(workspace.resolve("check.txt"))).startsWith(summary.firstLine() + "\n");
        assertThat(RoundTrip.of(summary)).isEqualTo(summary);
        assertThat(summary.toMap()).containsEntry("status", "WARNING").containsEntry("exitStatus", 1);
        assertThat((List<?>) summary.toMap().get("datasets")).first()
                .isEqualTo(Map.of("source", source + "/fresh", "status", "OK", "commonAgeSeconds", 21_600L, "reason",
                        "newest common snapshot @zr-20261205T060000Z is 6h old"));

        CheckRecord record = summary.record(settings.datasets().sources(), List.of("check.json", "check.txt"));
        assertThat(record.getDatasets()).extracting(CheckRecord.Dataset::getSource, CheckRecord.Dataset::getStatus,
                CheckRecord.Dataset::getCommonAge, CheckRecord.Dataset::getSourceAge, CheckRecord.Dataset::getTargetAge)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(source + "/fresh", "OK", "6h", "6h", "6h"),
                        org.assertj.core.groups.Tuple.tuple(source + "/late", "WARNING", "1d12h", "1h", "1d12h"));
    }

    @Test
    void shouldMarkTheBuildByTheStatusAndRefuseBadThresholdsOnTheController(TestPools pools) throws Exception {
        assertThat(CheckRunner.resultOf("OK")).isSameAs(Result.SUCCESS);
        assertThat(CheckRunner.resultOf("WARNING")).isSameAs(Result.UNSTABLE);
        assertThat(CheckRunner.resultOf("CRITICAL")).isSameAs(Result.FAILURE);
        assertThat(CheckRunner.resultOf("UNKNOWN")).isSameAs(Result.FAILURE);
        // an agent's answer that is no state is not read as a plausible one
        assertThatThrownBy(() -> CheckRunner.resultOf("ok")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'ok' is not a check status (OK, WARNING, CRITICAL, UNKNOWN)");
        assertThatThrownBy(() -> new CheckSettings(new SelectionSettings.Datasets("tank/a", false, null, null, null),
                new SelectionSettings.Target("b/c", ""), PullSource.HERE, "3h", "2h"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("zfsCheck: The warning age 3h is above the critical age 2h for the defaults: a dataset"
                        + " would turn CRITICAL before WARNING; give --warn below --crit");
        assertThatThrownBy(() -> new CheckSettings(new SelectionSettings.Datasets("tank/a", false, null, null, null),
                new SelectionSettings.Target("b/c", "x;reboot"), PullSource.HERE, "", ""))
                .hasMessageStartingWith("zfsCheck: Invalid ssh destination 'x;reboot'");

        DatasetName source = pools.create("zcmiss");
        CheckSettings missing = new CheckSettings(
                new SelectionSettings.Datasets(source + "/missing", false, null, null, null),
                new SelectionSettings.Target(source + "/copy", ""), PullSource.HERE, "", "");
        assertThatThrownBy(() -> new CheckCallable(missing, null, NOW, null).invoke(workspace.toFile(), null))
                .isInstanceOf(AbortException.class).hasMessageContaining("zfsCheck: UNKNOWN: ")
                .hasMessageContaining("dataset does not exist");
        assertThat(workspace.resolve("check.json")).doesNotExist();
    }

    private static void replicate(TestPools pools, String snapshot, String target) throws Exception {
        pools.exec("zfs", "snapshot", snapshot);
        List<Process> processes = ProcessBuilder.startPipeline(List.of(new ProcessBuilder("zfs", "send", snapshot),
                new ProcessBuilder("zfs", "recv", target)));
        for (Process process : processes) {
            assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
            assertThat(process.exitValue()).isZero();
        }
    }
}
