package io.jenkins.plugins.zfsreplication.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
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

        PlanCallable.Summary planned = roundTrip(new PlanCallable(new PlanSettings(source.name(), true, target + "/copy",
                "", null, null, "zr", false, false))).invoke(workspace.toFile(), null);

        assertThat(planned.summary()).isEqualTo("1 dataset(s): 1 to send in 2 step(s), 0 diverged or refused");
        ReplicationPlan plan = PlanJson.read(workspace.resolve("plan.json"));
        assertThat(plan.datasets().get(0).action()).isEqualTo(DatasetAction.SEND);
        assertThat(Files.readString(workspace.resolve("plan.txt"))).contains("-I @" + SNAPSHOTS.get(0));
        assertThat(roundTrip(planned)).isEqualTo(planned);

        PruneSettings dryRun = new PruneSettings("plan.json", "regex: T0[13]0000Z$", "last: 1", "zr",
                "2026-11-29T12:00:00Z", false);
        PruneCallable.Summary pruned = roundTrip(new PruneCallable(dryRun)).invoke(workspace.toFile(), null);

        assertThat(pruned.failed()).isFalse();
        assertThat(pruned.summary()).contains("would destroy source " + source + "@" + SNAPSHOTS.get(1));
        assertThat(Files.readString(workspace.resolve("prune-report.json"))).contains("\"dryRun\" : true");
        assertThat(Files.readString(workspace.resolve("plan.txt"))).contains("-i @" + SNAPSHOTS.get(0) + " -> @"
                + SNAPSHOTS.get(2));
        assertThat(TestApply.snapshots(pools, source.name())).hasSize(3);

        PruneSettings destroy = new PruneSettings("plan.json", "regex: T0[13]0000Z$", "last: 1", "zr",
                "2026-11-29T12:00:00Z", true);
        roundTrip(new PruneCallable(destroy)).invoke(workspace.toFile(), null);

        assertThat(TestApply.snapshots(pools, source.name())).extracting(s -> s.split(" ")[0])
                .containsExactly(SNAPSHOTS.get(0), SNAPSHOTS.get(2));
    }

    @Test
    void shouldRefuseBadSettingsOnTheControllerAndACorruptPlanOnTheAgent() throws IOException {
        assertThatThrownBy(() -> new PruneSettings("plan.json", "grid: 1x1h | 24x1q", null, "zr", "wall", true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("zfsPrune: Bad retention rule at column 18: unknown unit 'q'");
        assertThatThrownBy(() -> new PlanSettings("tank/a;reboot", true, "tank/b", null, null, null, "zr", false, false))
                .hasMessageStartingWith("zfsSnapshotPlan: Invalid ZFS name 'tank/a;reboot': character ';'");
        assertThatThrownBy(() -> new PlanSettings("tank/a", true, "tank/b", "x;reboot", null, null, "zr", false, false))
                .hasMessageContaining("Invalid ssh destination 'x;reboot'");
        Files.writeString(workspace.resolve("plan.json"), "{\"kind\": \"something else\"}");

        assertThatThrownBy(() -> new PruneCallable(new PruneSettings("plan.json", "last: 1", null, "zr", "wall", true))
                .invoke(workspace.toFile(), null)).isInstanceOf(AbortException.class)
                .hasMessageContaining("is not a zfs-replication plan");
    }

    @SuppressWarnings("unchecked")
    private static <T> T roundTrip(T value) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }
}
