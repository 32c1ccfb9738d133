package io.jenkins.plugins.zfsreplication.steps;

import io.jenkins.plugins.zfsreplication.steps.shared.SelectionSettings;
import io.jenkins.plugins.zfsreplication.steps.shared.PullSource;
import io.jenkins.plugins.zfsreplication.steps.shared.RoundTrip;
import io.jenkins.plugins.zfsreplication.steps.plan.PlanCallable;
import io.jenkins.plugins.zfsreplication.steps.plan.PlanSettings;
import io.jenkins.plugins.zfsreplication.steps.prune.PruneCallable;
import io.jenkins.plugins.zfsreplication.steps.prune.PruneSettings;
import io.jenkins.plugins.zfsreplication.steps.views.PlanRecord;
import io.jenkins.plugins.zfsreplication.steps.views.PruneRecord;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * The zfsSnapshotPlan and zfsPrune callables, invoked directly on a real workspace folder and real
 * pools as the agent would (after a serialization round trip, as remoting does).
 */
@ExtendWith(ZfsTestBed.class)
class PlanPruneCallableTest {
    private static final List<String> SNAPSHOTS = List.of("zr-20261129T010000Z", "zr-20261129T020000Z",
            "zr-20261129T030000Z");

    @TempDir
    Path workspace;

    @Test
    void shouldPlanIntoTheWorkspaceThenPruneInADryRunThenDestroy(TestPools pools) throws Exception {
        DatasetName source = pools.create("jsrc");
        DatasetName target = pools.create("jdst");
        SNAPSHOTS.forEach(s -> pools.exec("zfs", "snapshot", source + "@" + s));

        PlanCallable.Summary planned = RoundTrip.of(new PlanCallable(new PlanSettings(
                new SelectionSettings.Datasets(source.name(), true, null, null, "zr"),
                new SelectionSettings.Target(target + "/copy", ""), PullSource.HERE, false, false), null, null))
                .invoke(workspace.toFile(), null);

        assertThat(planned.summary()).isEqualTo("1 dataset(s): 1 to send in 2 step(s), 0 need attention");
        ReplicationPlan plan = PlanJson.read(workspace.resolve("plan.json"));
        assertThat(plan.datasets().get(0).action()).isEqualTo(DatasetAction.SEND);
        assertThat(Files.readString(workspace.resolve("plan.txt"))).contains("-I @" + SNAPSHOTS.get(0));
        assertThat(RoundTrip.of(planned)).isEqualTo(planned);
        PlanRecord planRecord = planned.record(source.name(), List.of("plan.json", "plan.txt"));
        assertThat(planRecord).extracting(PlanRecord::getDatasets, PlanRecord::getToSend, PlanRecord::getSteps,
                PlanRecord::getUpToDate, PlanRecord::getProblems).containsExactly(1, 1, 2, 0, 0);

        PruneSettings dryRun = new PruneSettings("plan.json", "regex: T0[13]0000Z$", "last: 1", "zr",
                "2026-11-29T12:00:00Z", false);
        PruneCallable.Summary pruned = RoundTrip.of(new PruneCallable(dryRun)).invoke(workspace.toFile(), null);

        assertThat(pruned.failed()).isFalse();
        assertThat(pruned.summary()).contains("would destroy source " + source + "@" + SNAPSHOTS.get(1));
        assertThat(Files.readString(workspace.resolve("prune-report.json"))).contains("\"dryRun\" : true");
        assertThat(Files.readString(workspace.resolve("plan.txt"))).contains("-i @" + SNAPSHOTS.get(0) + " -> @"
                + SNAPSHOTS.get(2));
        assertThat(TestApply.snapshots(pools, source.name())).hasSize(3);
        PruneRecord pruneRecord = pruned.record(List.of("plan.json", "prune-report.json"), false);
        String report = Files.readString(workspace.resolve("prune-report.json"));
        assertThat(pruneRecord.isDryRun()).isTrue();
        assertThat(pruneRecord.getDestroyed()).isPositive().isEqualTo(occurrences(report, "\"decision\" : \"DESTROY\""));
        assertThat(pruneRecord.getKept()).isEqualTo(occurrences(report, "\"decision\" : \"KEEP\""));
        assertThat(pruneRecord.getNotSent()).isEqualTo(occurrences(report, "\"decision\" : \"NOT_SENT\""));

        PruneSettings destroy = new PruneSettings("plan.json", "regex: T0[13]0000Z$", "last: 1", "zr",
                "2026-11-29T12:00:00Z", true);
        RoundTrip.of(new PruneCallable(destroy)).invoke(workspace.toFile(), null);

        assertThat(TestApply.snapshots(pools, source.name())).extracting(s -> s.split(" ")[0])
                .containsExactly(SNAPSHOTS.get(0), SNAPSHOTS.get(2));
    }

    @Test
    void shouldRefuseBadSettingsOnTheControllerAndACorruptPlanOnTheAgent() throws IOException {
        assertThatThrownBy(() -> new PruneSettings("plan.json", "grid: 1x1h | 24x1q", null, "zr", "wall", true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("zfsPrune: Bad retention rule at column 18: unknown unit 'q'");
        assertThatThrownBy(() -> new PlanSettings(
                new SelectionSettings.Datasets("tank/a;reboot", true, null, null, "zr"),
                new SelectionSettings.Target("tank/b", null), PullSource.HERE, false, false))
                .hasMessageStartingWith("zfsSnapshotPlan: Invalid ZFS name 'tank/a;reboot': character ';'");
        assertThatThrownBy(() -> new PlanSettings(new SelectionSettings.Datasets("tank/a", true, null, null, "zr"),
                new SelectionSettings.Target("tank/b", "x;reboot"), PullSource.HERE, false, false))
                .hasMessageContaining("Invalid ssh destination 'x;reboot'");
        Files.writeString(workspace.resolve("plan.json"), "{\"kind\": \"something else\"}");

        assertThatThrownBy(() -> new PruneCallable(new PruneSettings("plan.json", "last: 1", null, "zr", "wall", true))
                .invoke(workspace.toFile(), null)).isInstanceOf(AbortException.class)
                .hasMessageContaining("is not a zfs-replication plan");
    }

    @SuppressWarnings("unchecked")
    private static int occurrences(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }
}
