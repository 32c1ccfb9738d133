package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTest;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * The base a plan sends from survives whatever the target's listing says: a target pool exported
 * or destroyed between plan and prune, or a target whose base was replaced by a snapshot of the
 * same name, makes the plan stale, and prune refuses it before destroying anything.
 */
class StaleBaseZfsTest {
    private static final List<String> HOURLY = PruneZfsTest.HOURLY;

    @ZfsTest
    void shouldRefuseAPlanWhoseTargetPoolWasExportedAndKeepEverySourceSnapshot(TestPools pools) {
        Setup setup = incrementalPlan(pools, "x");
        List<String> before = TestApply.snapshots(pools, setup.source.name());
        pools.exportPool(setup.target.pool());

        assertThatThrownBy(() -> setup.prune().run(setup.plan, line -> { }))
                .isInstanceOf(StalePlanException.class)
                .hasMessage("The target is not readable: the pool %s of %s is not on %s (exported, disk gone, or another"
                        + " host?). Nothing was pruned or destroyed: fix the target (import its pool, check the target"
                        + " host) and plan again", setup.target, setup.target + "/c", pools.runner().host());
        assertThat(TestApply.snapshots(pools, setup.source.name())).isEqualTo(before).hasSize(5);
        assertThat(setup.commands).noneMatch(c -> c.contains("destroy"));
    }

    @ZfsTest
    void shouldRefuseAPlanWhoseTargetPoolIsGone(TestPools pools) {
        Setup setup = incrementalPlan(pools, "g");
        List<String> before = TestApply.snapshots(pools, setup.source.name());
        pools.destroyPool(setup.target.pool());

        assertThatThrownBy(() -> setup.prune().run(setup.plan, line -> { }))
                .isInstanceOf(StalePlanException.class)
                .hasMessageContaining("The target is not readable: the pool " + setup.target + " of " + setup.target
                        + "/c is not on");
        assertThat(TestApply.snapshots(pools, setup.source.name())).isEqualTo(before);
    }

    @Test
    @ExtendWith(ZfsTestBed.class)
    void shouldNotTakeASnapshotOfTheSameNameButAnotherGuidForTheBase(TestPools pools) {
        // on the target, someone destroyed the base and took a snapshot of the same name: another GUID
        Setup setup = incrementalPlan(pools, "r");
        List<String> before = TestApply.snapshots(pools, setup.source.name());
        pools.exec("zfs", "destroy", setup.target + "/c@" + HOURLY.get(2));
        pools.exec("zfs", "snapshot", setup.target + "/c@" + HOURLY.get(2));

        assertThatThrownBy(() -> setup.prune().run(setup.plan, line -> { }))
                .isInstanceOf(StalePlanException.class)
                .hasMessage("The plan is stale: target %s has no snapshot with GUID %s (%s), the base of its incremental"
                        + " send from %s. Plan again; nothing was pruned or destroyed", setup.target + "/c",
                        setup.baseGuid, HOURLY.get(2), setup.source);
        assertThat(TestApply.snapshots(pools, setup.source.name())).isEqualTo(before);
        assertThat(TestApply.snapshots(pools, setup.target + "/c")).extracting(s -> s.split(" ")[0])
                .containsExactlyElementsOf(HOURLY.subList(0, 3));
    }

    @ZfsTest
    void shouldRefuseAnUpToDatePlanWhoseTargetVanished(TestPools pools) {
        DatasetName source = pools.create("usrc");
        DatasetName target = pools.create("udst");
        Zfs zfs = new Zfs(pools.runner());
        HOURLY.subList(0, 3).forEach(name -> pools.exec("zfs", "snapshot", source + "@" + name));
        new TestApply(pools).apply(PruneZfsTest.plan(zfs, source, target.resolve("c")));
        ReplicationPlan upToDate = PruneZfsTest.plan(zfs, source, target.resolve("c"));
        pools.exec("zfs", "snapshot", source + "@" + HOURLY.get(3));
        pools.exportPool(target.pool());

        assertThatThrownBy(() -> PruneZfsTest.prune(zfs, null, "last: 1", true).run(upToDate, line -> { }))
                .isInstanceOf(StalePlanException.class)
                .hasMessage("The target is not readable: the pool %s of %s is not on %s (exported, disk gone, or another"
                        + " host?). Nothing was pruned or destroyed: fix the target (import its pool, check the target"
                        + " host) and plan again", target, target + "/c", pools.runner().host());
        assertThat(TestApply.snapshots(pools, source.name())).hasSize(4);
    }

    @Test
    @ExtendWith(ZfsTestBed.class)
    void shouldKeepEveryStepsBaseByGuidWhenTheTargetMovedOnSincePlanning(TestPools pools) {
        // planned from @03; then the target received @04 elsewhere: newest common is @04, but the plan sends from @03
        Setup setup = incrementalPlan(pools, "m");
        SendStep toFour = new SendStep(setup.source, DatasetName.of(setup.target + "/c"), SendKind.INCREMENTAL,
                setup.plan.steps().get(0).from(), ref(pools, setup.source, HOURLY.get(3)), null, false, -1);
        new TestApply(pools).apply(toFour);

        PruneBeforeSend.Result result = setup.prune().run(setup.plan, line -> { });

        assertThat(result.report().decisions()).filteredOn(d -> (d.side() == CandidateSide.SOURCE))
                .extracting(PruneDecision::snapshot, d -> d.verdict().decision(), d -> d.verdict().rule()).containsExactly(
                        tuple(HOURLY.get(0), Decision.DESTROY, "kept by no source rule"),
                        tuple(HOURLY.get(1), Decision.DESTROY, "kept by no source rule"),
                        tuple(HOURLY.get(2), Decision.KEEP, "protected: a step of the plan sends from it (its base,"
                                + " matched by GUID)"),
                        tuple(HOURLY.get(3), Decision.KEEP,
                                "protected: newest common snapshot (the next incremental's base)"),
                        tuple(HOURLY.get(4), Decision.KEEP,
                                "protected: newest snapshot after the transfer (the following incremental's base)"));
        assertThat(TestApply.snapshots(pools, setup.source.name())).extracting(s -> s.split(" ")[0])
                .containsExactlyElementsOf(HOURLY.subList(2, 5));
    }

    @Test
    @ExtendWith(ZfsTestBed.class)
    void shouldPruneAPlanWhoseSnapshotsHaveArrivedSinceWithoutCountingThemTwice(TestPools pools) {
        // the plan ran (or another run sent its snapshots) before this prune: they are the target's now, not
        // planned ones; counted as both, the steps derived anew started before the base and prune failed
        Setup setup = incrementalPlan(pools, "a");
        new TestApply(pools).apply(setup.plan);
        Zfs recording = new Zfs(new TestApply.Recording(pools.runner(), setup.commands));

        PruneBeforeSend.Result result = new PruneRun(recording, recording, PruneZfsTest.options("last: 1", "last: 1"),
                true, Destroyer.ErrorPolicy.CONTINUE).run(setup.plan, line -> { });

        // the plan's base @03 and the newest common @05 stay on both sides; the rest goes by the rules
        assertThat(result.report().decisions()).filteredOn(d -> (d.side() == CandidateSide.PLANNED)).isEmpty();
        assertThat(result.report().errors()).isEmpty();
        assertThat(TestApply.snapshots(pools, setup.source.name())).extracting(s -> s.split(" ")[0])
                .containsExactly(HOURLY.get(2), HOURLY.get(4));
        assertThat(TestApply.snapshots(pools, setup.target + "/c")).extracting(s -> s.split(" ")[0])
                .containsExactly(HOURLY.get(2), HOURLY.get(4));
    }

    /** Source @01..@05, target up to date with @01..@03, a plan sending @04 and @05 from @03. */
    private static Setup incrementalPlan(TestPools pools, String tag) {
        DatasetName source = pools.create(tag + "src");
        DatasetName target = pools.create(tag + "dst");
        Zfs zfs = new Zfs(pools.runner());
        HOURLY.subList(0, 3).forEach(name -> pools.exec("zfs", "snapshot", source + "@" + name));
        new TestApply(pools).apply(PruneZfsTest.plan(zfs, source, target.resolve("c")));
        HOURLY.subList(3, 5).forEach(name -> pools.exec("zfs", "snapshot", source + "@" + name));
        ReplicationPlan plan = PruneZfsTest.plan(zfs, source, target.resolve("c"));
        assertThat(plan.steps()).extracting(SendStep::kind, s -> s.from().name())
                .containsExactly(tuple(SendKind.INCREMENTAL_RANGE, HOURLY.get(2)));
        return new Setup(pools, source, target, plan, TestApply.guid(pools, source + "@" + HOURLY.get(2)),
                new ArrayList<>());
    }

    private static io.jenkins.plugins.zfsreplication.plan.SnapshotRef ref(TestPools pools, DatasetName dataset,
                                                                          String name) {
        return new io.jenkins.plugins.zfsreplication.plan.SnapshotRef(name,
                Long.parseUnsignedLong(TestApply.guid(pools, dataset + "@" + name)), 0, 0);
    }

    private record Setup(TestPools pools, DatasetName source, DatasetName target, ReplicationPlan plan,
                         String baseGuid, List<List<String>> commands) {
        /** Source rules that keep only the newest, destroying for real. */
        PruneRun prune() {
            Zfs recording = new Zfs(new TestApply.Recording(pools.runner(), commands));
            return new PruneRun(recording, recording, PruneZfsTest.options(null, "last: 1"), true,
                    Destroyer.ErrorPolicy.CONTINUE);
        }
    }
}
