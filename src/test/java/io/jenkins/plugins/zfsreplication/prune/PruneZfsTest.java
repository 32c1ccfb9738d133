package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.plan.PlanOptions;
import io.jenkins.plugins.zfsreplication.plan.PlanRun;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsBackend;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTest;

/** Prune-before-send and destroying on real pools (zfs-fuse, and OpenZFS in the guest), checked with zfs list. */
class PruneZfsTest {
    static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
    static final List<String> HOURLY = List.of("zr-20261129T010000Z", "zr-20261129T020000Z", "zr-20261129T030000Z",
            "zr-20261129T040000Z", "zr-20261129T050000Z");

    @ZfsTest
    void shouldDropIntermediatesTheTargetWouldDestroyAndSkipThemWithIncrementals(TestPools pools) {
        // given five hourly snapshots and target rules that keep only the odd hours
        DatasetName source = pools.create("isrc");
        DatasetName target = pools.create("idst");
        Zfs zfs = new Zfs(pools.runner());
        HOURLY.forEach(name -> pools.exec("zfs", "snapshot", source + "@" + name));
        ReplicationPlan plan = plan(zfs, source, target.resolve("c"));

        // when
        PruneBeforeSend.Result result = prune(zfs, "regex: T0[135]0000Z$", null, false).run(plan, line -> { });

        // then the plan sends 01 in full, then skips 02 and 04 with -i
        assertThat(plan.steps()).extracting(SendStep::kind).containsExactly(SendKind.FULL, SendKind.INCREMENTAL_RANGE);
        assertThat(result.plan().steps()).extracting(SendStep::kind, s -> s.from() == null ? null : s.from().name(),
                s -> s.to().name()).containsExactly(tuple(SendKind.FULL, null, HOURLY.get(0)),
                tuple(SendKind.INCREMENTAL, HOURLY.get(0), HOURLY.get(2)),
                tuple(SendKind.INCREMENTAL, HOURLY.get(2), HOURLY.get(4)));
        assertThat(result.report().decisions()).filteredOn(d -> d.verdict().decision() == Decision.NOT_SENT)
                .extracting(PruneDecision::snapshot).containsExactly(HOURLY.get(1), HOURLY.get(3));
        assertThat(result.report().notSent().snapshots()).isEqualTo(2);

        // and applied, the target has exactly the kept ones with the source's GUIDs
        new TestApply(pools).apply(result.plan());
        assertThat(TestApply.snapshots(pools, target + "/c")).containsExactly(
                HOURLY.get(0) + " " + TestApply.guid(pools, source + "@" + HOURLY.get(0)),
                HOURLY.get(2) + " " + TestApply.guid(pools, source + "@" + HOURLY.get(2)),
                HOURLY.get(4) + " " + TestApply.guid(pools, source + "@" + HOURLY.get(4)));
    }

    @ZfsTest
    void shouldNeverDestroyTheBaseOrAHeldSnapshotAndDestroyTheRestInBatches(TestPools pools) {
        // given a target up to date with four snapshots, the oldest held
        DatasetName source = pools.create("hsrc");
        DatasetName target = pools.create("hdst");
        Zfs zfs = new Zfs(pools.runner());
        HOURLY.subList(0, 4).forEach(name -> pools.exec("zfs", "snapshot", source + "@" + name));
        new TestApply(pools).apply(plan(zfs, source, target.resolve("c")));
        pools.exec("zfs", "hold", "keep", target + "/c@" + HOURLY.get(0));
        ReplicationPlan upToDate = plan(zfs, source, target.resolve("c"));
        try {
            // when both sides keep nothing by rule
            List<List<String>> commands = new ArrayList<>();
            Zfs recording = new Zfs(new TestApply.Recording(pools.runner(), commands));
            PruneBeforeSend.Result result = new PruneRun(recording, recording,
                    options("regex: ^nothing$", "regex: ^nothing$"), true, Destroyer.ErrorPolicy.CONTINUE)
                    .run(upToDate, line -> { });

            // then: the base (newest common) stays on both sides, the held one on the target
            assertThat(result.report().decisions()).extracting(d -> d.side().label(), PruneDecision::snapshot,
                    d -> d.verdict().decision(), d -> d.verdict().rule(), d -> d.verdict().destroyed()).containsExactly(
                    tuple("target", HOURLY.get(0), Decision.KEEP, "protected: held (userrefs=1)", false),
                    tuple("target", HOURLY.get(1), Decision.DESTROY, "kept by no target rule", true),
                    tuple("target", HOURLY.get(2), Decision.DESTROY, "kept by no target rule", true),
                    tuple("target", HOURLY.get(3), Decision.KEEP,
                            "protected: newest common snapshot (the next incremental's base)", false),
                    tuple("source", HOURLY.get(0), Decision.DESTROY, "kept by no source rule", true),
                    tuple("source", HOURLY.get(1), Decision.DESTROY, "kept by no source rule", true),
                    tuple("source", HOURLY.get(2), Decision.DESTROY, "kept by no source rule", true),
                    tuple("source", HOURLY.get(3), Decision.KEEP,
                            "protected: newest common snapshot (the next incremental's base)", false));
            assertThat(TestApply.snapshots(pools, target + "/c")).extracting(s -> s.split(" ")[0])
                    .containsExactly(HOURLY.get(0), HOURLY.get(3));
            assertThat(TestApply.snapshots(pools, source.name())).extracting(s -> s.split(" ")[0])
                    .containsExactly(HOURLY.get(3));
            assertThat(result.report().errors()).isEmpty();
            // OpenZFS destroys each side's snapshots in one call; zfs-fuse takes one per call
            List<List<String>> destroys = commands.stream().filter(c -> c.get(1).equals("destroy")).toList();
            if (pools.backend() == ZfsBackend.OPENZFS) {
                assertThat(destroys).containsExactlyInAnyOrder(
                        List.of("zfs", "destroy", target + "/c@" + HOURLY.get(1) + "," + HOURLY.get(2)),
                        List.of("zfs", "destroy", source + "@" + HOURLY.get(0) + "," + HOURLY.get(1) + "," + HOURLY.get(2)));
            } else {
                assertThat(destroys).hasSize(5).allMatch(c -> c.size() == 3 && !c.get(2).contains(","));
            }
        } finally {
            pools.exec("zfs", "release", "keep", target + "/c@" + HOURLY.get(0));
        }
    }

    @ZfsTest
    void shouldDestroyNothingInADryRunAndListExactlyWhatWouldGo(TestPools pools) {
        DatasetName source = pools.create("nsrc");
        DatasetName target = pools.create("ndst");
        Zfs zfs = new Zfs(pools.runner());
        HOURLY.subList(0, 3).forEach(name -> pools.exec("zfs", "snapshot", source + "@" + name));
        new TestApply(pools).apply(plan(zfs, source, target.resolve("c")));
        List<String> sourceBefore = TestApply.snapshots(pools, source.name());
        List<String> targetBefore = TestApply.snapshots(pools, target + "/c");
        List<List<String>> commands = new ArrayList<>();
        Zfs recording = new Zfs(new TestApply.Recording(pools.runner(), commands));

        PruneBeforeSend.Result result = new PruneRun(recording, recording, options("last: 1", "last: 1"), false,
                Destroyer.ErrorPolicy.CONTINUE).run(plan(zfs, source, target.resolve("c")), line -> { });

        assertThat(result.report().dryRun()).isTrue();
        assertThat(result.report().toDestroy(CandidateSide.TARGET)).extracting(PruneDecision::snapshot)
                .containsExactly(HOURLY.get(0), HOURLY.get(1));
        assertThat(result.report().toDestroy(CandidateSide.SOURCE)).extracting(PruneDecision::snapshot)
                .containsExactly(HOURLY.get(0), HOURLY.get(1));
        assertThat(commands).noneMatch(c -> c.contains("destroy"));
        assertThat(TestApply.snapshots(pools, source.name())).isEqualTo(sourceBefore);
        assertThat(TestApply.snapshots(pools, target + "/c")).isEqualTo(targetBefore);
    }

    static ReplicationPlan plan(Zfs zfs, DatasetName source, DatasetName targetRoot) {
        PlanOptions options = new PlanOptions(Selection.of(List.of(source), true), targetRoot, SnapshotNaming.of("zr"),
                false, false);
        return new PlanRun(zfs, zfs, options, false, false).run(NOW, line -> { });
    }

    static PruneRun prune(Zfs zfs, String targetRules, String sourceRules, boolean destroy) {
        return new PruneRun(zfs, zfs, options(targetRules, sourceRules), destroy, Destroyer.ErrorPolicy.CONTINUE);
    }

    static PruneOptions options(String targetRules, String sourceRules) {
        return new PruneOptions(targetRules == null ? null : RetentionPolicy.parse(targetRules),
                sourceRules == null ? null : RetentionPolicy.parse(sourceRules), SnapshotNaming.of("zr"),
                PruneOptions.NowMode.FIXED, NOW);
    }
}
