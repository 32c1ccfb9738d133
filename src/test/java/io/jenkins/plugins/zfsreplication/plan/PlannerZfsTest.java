package io.jenkins.plugins.zfsreplication.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsBackend;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTest;

/**
 * Plans against real pools (zfs-fuse, and OpenZFS in the guest), applied with real zfs send | zfs
 * recv, checked by zfs list.
 */
class PlannerZfsTest {
    static final String S1 = "zr-20261129T010000Z";
    static final String S2 = "zr-20261129T020000Z";
    static final String S3 = "zr-20261129T030000Z";
    static final String S4 = "zr-20261129T040000Z";
    static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

    @ZfsTest
    void shouldSendAFullThenIncrementalsToANewTargetAndLeaveItUpToDate(TestPools pools) {
        // given a source with data in three snapshots and an empty target pool
        DatasetName source = pools.create("src");
        DatasetName target = pools.create("dst");
        Zfs zfs = new Zfs(pools.runner());
        zfs.createFilesystem(source.resolve("data"), Map.of());
        for (String snapshot : List.of(S1, S2, S3)) {
            write(pools, source.resolve("data"), snapshot);
            pools.exec("zfs", "snapshot", "-r", source + "@" + snapshot);
        }
        pools.exec("zfs", "snapshot", source + "/data@manual");

        // when
        ReplicationPlan plan = plan(zfs, source, target.resolve("copy"), false);

        // then: the root and data each get the oldest as a full, then one -I; the manual snapshot is not sent
        assertThat(plan.datasets()).extracting(d -> d.source().name(), d -> d.target().name(), DatasetPlan::action)
                .containsExactly(tuple(source.name(), target + "/copy", DatasetAction.SEND),
                        tuple(source + "/data", target + "/copy/data", DatasetAction.SEND));
        assertThat(plan.datasets().get(1).steps()).extracting(SendStep::kind, s -> s.from() == null ? null : s.from().name(),
                s -> s.to().name()).containsExactly(tuple(SendKind.FULL, null, S1),
                tuple(SendKind.INCREMENTAL_RANGE, S1, S3));

        // when applied with real zfs send | zfs recv
        new TestApply(pools).apply(plan);

        // then the target has exactly the planned snapshots, with the source's GUIDs
        assertThat(TestApply.snapshots(pools, target + "/copy/data")).isEqualTo(
                List.of(S1 + " " + TestApply.guid(pools, source + "/data@" + S1), S2 + " " + TestApply.guid(pools, source + "/data@" + S2),
                        S3 + " " + TestApply.guid(pools, source + "/data@" + S3)));
        // and planning again finds nothing to do
        ReplicationPlan again = plan(zfs, source, target.resolve("copy"), false);
        assertThat(again.datasets()).extracting(DatasetPlan::action)
                .containsExactly(DatasetAction.UP_TO_DATE, DatasetAction.UP_TO_DATE);
        assertThat(again.steps()).isEmpty();
    }

    @ZfsTest
    void shouldRefuseADivergedTargetAndRollItBackOnlyWhenAllowed(TestPools pools) {
        // given a target that received S1 and then changed on its own
        DatasetName source = pools.create("dsrc");
        DatasetName target = pools.create("ddst");
        Zfs zfs = new Zfs(pools.runner());
        write(pools, source, "one");
        pools.exec("zfs", "snapshot", source + "@" + S1);
        new TestApply(pools).apply(plan(zfs, source, target.resolve("copy"), false));
        write(pools, source, "two");
        pools.exec("zfs", "snapshot", source + "@" + S2);
        write(pools, target.resolve("copy"), "changed on the target");
        TestApply.settle(pools, target);

        // when / then: refused with the reason
        ReplicationPlan refused = plan(zfs, source, target.resolve("copy"), false);
        assertThat(refused.datasets().get(0).action()).isEqualTo(DatasetAction.DIVERGED);
        assertThat(refused.datasets().get(0).reason()).startsWith("diverged: the target changed after the common snapshot "
                + S1).endsWith("not sent: allow rollback to discard the target's changes");
        assertThat(refused.steps()).isEmpty();

        // when rollback is allowed: one step that says so, and it applies
        ReplicationPlan allowed = plan(zfs, source, target.resolve("copy"), true);
        assertThat(allowed.steps()).extracting(SendStep::kind, s -> s.from().name(), s -> s.to().name(), SendStep::rollback)
                .containsExactly(tuple(SendKind.INCREMENTAL, S1, S2, true));
        new TestApply(pools).apply(allowed);
        assertThat(TestApply.snapshots(pools, target + "/copy")).containsExactly(S1 + " " + TestApply.guid(pools, source + "@" + S1),
                S2 + " " + TestApply.guid(pools, source + "@" + S2));
        assertThat(pools.exists(target.resolve("copy"), "changed on the target")).isFalse();
    }

    @ZfsTest
    void shouldCallATargetWithASnapshotTheSourceLacksDivergedAndOneWithoutCommonSnapshotRefused(TestPools pools) {
        DatasetName source = pools.create("xsrc");
        DatasetName target = pools.create("xdst");
        Zfs zfs = new Zfs(pools.runner());
        pools.exec("zfs", "snapshot", source + "@" + S1);
        new TestApply(pools).apply(plan(zfs, source, target.resolve("a"), false));
        pools.exec("zfs", "snapshot", target + "/a@extra");
        zfs.createFilesystem(target.resolve("b"), Map.of());
        pools.exec("zfs", "snapshot", target + "/b@" + S1);

        DatasetPlan diverged = plan(zfs, source, target.resolve("a"), false).datasets().get(0);
        DatasetPlan refused = plan(zfs, source, target.resolve("b"), false).datasets().get(0);

        assertThat(diverged.action()).isEqualTo(DatasetAction.DIVERGED);
        assertThat(diverged.reason()).contains("1 snapshot(s) newer than the common snapshot " + S1, "(extra)");
        assertThat(refused.action()).isEqualTo(DatasetAction.REFUSED);
        assertThat(refused.reason()).startsWith("the target exists but shares no snapshot with the source (compared by GUID; 1");
    }

    @ZfsTest
    void shouldMatchARenamedSnapshotByGuid(TestPools pools) {
        // given a target whose copy of S2 was renamed
        DatasetName source = pools.create("rsrc");
        DatasetName target = pools.create("rdst");
        Zfs zfs = new Zfs(pools.runner());
        pools.exec("zfs", "snapshot", source + "@" + S1);
        pools.exec("zfs", "snapshot", source + "@" + S2);
        new TestApply(pools).apply(plan(zfs, source, target.resolve("c"), false));
        pools.exec("zfs", "rename", target + "/c@" + S2, target + "/c@renamed");
        pools.exec("zfs", "snapshot", source + "@" + S3);

        // when
        ReplicationPlan plan = plan(zfs, source, target.resolve("c"), false);

        // then the base is the renamed snapshot (named as on the source), and the step applies
        assertThat(plan.steps()).extracting(SendStep::kind, s -> s.from().name(), s -> s.from().guidText(), s -> s.to().name())
                .containsExactly(tuple(SendKind.INCREMENTAL, S2, TestApply.guid(pools, target + "/c@renamed"), S3));
        new TestApply(pools).apply(plan);
        assertThat(TestApply.snapshots(pools, target + "/c")).extracting(line -> line.split(" ")[0])
                .containsExactly(S1, "renamed", S3);
    }

    @ZfsTest
    void shouldTakeTheRunSnapshotOfAWholeSubtreeInOneRecursiveCall(TestPools pools) {
        DatasetName source = pools.create("tsrc");
        Zfs zfs = new Zfs(pools.runner());
        zfs.createFilesystem(source.resolve("home/alice"), Map.of());
        zfs.createFilesystem(source.resolve("home/bob"), Map.of());
        List<List<String>> commands = new ArrayList<>();
        Zfs recording = new Zfs(new TestApply.Recording(pools.runner(), commands));

        ReplicationPlan plan = new PlanRun(recording, zfs, options(source.resolve("home"), source.resolve("copy"), false),
                true, false).run(NOW, line -> { });

        String name = "zr-20261129T120000Z";
        assertThat(commands).filteredOn(c -> c.get(1).equals("snapshot"))
                .containsExactly(List.of("zfs", "snapshot", "-r", source + "/home@" + name));
        assertThat(plan.datasets()).extracting(d -> d.source().name(), d -> d.target().name(), d -> d.steps().get(0).to().name())
                .containsExactly(tuple(source + "/home", source + "/copy", name),
                        tuple(source + "/home/alice", source + "/copy/alice", name),
                        tuple(source + "/home/bob", source + "/copy/bob", name));
    }

    @ZfsTest
    void shouldSnapshotOnlyTheSelectedDatasetsWhenASubtreeIsPartlyExcluded(TestPools pools) {
        DatasetName source = pools.create("esrc");
        DatasetName target = pools.create("edst");
        Zfs zfs = new Zfs(pools.runner());
        zfs.createFilesystem(source.resolve("home"), Map.of());
        zfs.createFilesystem(source.resolve("scratch"), Map.of(Selection.PROPERTY, "off"));
        zfs.createFilesystem(source.resolve("scratch/tmp"), Map.of());
        List<List<String>> commands = new ArrayList<>();
        Zfs recording = new Zfs(new TestApply.Recording(pools.runner(), commands));

        ReplicationPlan plan = new PlanRun(recording, zfs, options(source, target.resolve("copy"), false),
                true, false).run(NOW, line -> { });

        String name = "zr-20261129T120000Z";
        // zfs-fuse takes one snapshot per call; OpenZFS gets them all in one atomic call
        if (pools.backend() == ZfsBackend.OPENZFS) {
            assertThat(commands).filteredOn(c -> c.get(1).equals("snapshot")).containsExactly(
                    List.of("zfs", "snapshot", source + "@" + name, source + "/home@" + name));
        } else {
            assertThat(commands).filteredOn(c -> c.get(1).equals("snapshot")).containsExactly(
                    List.of("zfs", "snapshot", source + "@" + name), List.of("zfs", "snapshot", source + "/home@" + name));
        }
        assertThat(TestApply.snapshots(pools, source + "/home")).extracting(line -> line.split(" ")[0]).containsExactly(name);
        assertThat(TestApply.snapshots(pools, source + "/scratch")).isEmpty();
        assertThat(plan.datasets()).extracting(d -> d.source().name(), DatasetPlan::action, DatasetPlan::reason)
                .containsExactly(tuple(source.name(), DatasetAction.SEND, "new target: full send of " + name),
                        tuple(source + "/home", DatasetAction.SEND, "new target: full send of " + name),
                        tuple(source + "/scratch", DatasetAction.EXCLUDED, Selection.PROPERTY + "=off"),
                        tuple(source + "/scratch/tmp", DatasetAction.EXCLUDED, Selection.PROPERTY + "=off"));
    }

    static PlanOptions options(DatasetName source, DatasetName targetRoot, boolean allowRollback) {
        return new PlanOptions(Selection.of(List.of(source), true), targetRoot, SnapshotNaming.of("zr"), allowRollback, false);
    }

    static ReplicationPlan plan(Zfs zfs, DatasetName source, DatasetName targetRoot, boolean allowRollback) {
        return new PlanRun(zfs, zfs, options(source, targetRoot, allowRollback), false, false).run(NOW, line -> { });
    }

    static void write(TestPools pools, DatasetName dataset, String file) {
        byte[] data = new byte[64 << 10];
        new Random(file.hashCode()).nextBytes(data);
        pools.write(dataset, file, data);
    }
}
