package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTest;

/**
 * The receiving side of a transfer whose plan comes from the sending host (tcp between agents),
 * on real pools: with rollback allowed by its own settings it discards the target's changes and
 * snapshots outside the naming, but a plan that rolls back over snapshots of the naming (the
 * copy's history, as a hostile source would order) is refused with nothing destroyed.
 */
class ReceivingRollbackZfsTest {
    private static final List<String> HISTORY = List.of("zr-20261129T010000Z", "zr-20261129T020000Z",
            "zr-20261129T030000Z", "zr-20261129T040000Z");
    private static final SnapshotNaming NAMING = SnapshotNaming.of("zr");

    @ZfsTest
    void shouldRefuseARollbackOverTheTargetsHistoryThatThePlanOrders(TestPools pools) {
        // given a target holding four snapshots of the naming
        DatasetName target = pools.create("rbhist");
        HISTORY.forEach(s -> pools.exec("zfs", "snapshot", target + "@" + s));
        List<String> before = TestApply.snapshots(pools, target.name());
        List<String> log = new ArrayList<>();

        // when a plan from the sending host rolls it back to its oldest, rollback allowed on this side
        Throwable refused = catchThrowable(() -> receivingSide(pools).check(rollbackStep(pools, target, HISTORY.get(0)),
                Set.of(), log::add));

        // then nothing is rolled back or destroyed, and the one line says why
        assertThat(refused).isInstanceOf(TransferException.class).hasMessage("The plan rolls " + target + " back to @"
                + HISTORY.get(0) + ", which would destroy 3 snapshot(s) of the naming (" + String.join(", ",
                HISTORY.subList(1, 4)) + "): a plan made on the sending host may discard the target's changes, never its"
                + " history. Roll back on the target by hand (zfs rollback -r " + target + "@" + HISTORY.get(0) + ") if"
                + " they may go. Nothing was sent or destroyed");
        assertThat(TestApply.snapshots(pools, target.name())).isEqualTo(before).hasSize(4);
        assertThat(log).isEmpty();
    }

    @ZfsTest
    void shouldStillDiscardTheTargetsSnapshotsOutsideTheNaming(TestPools pools) {
        // given a target whose newest snapshot of the naming is followed by two taken by hand
        DatasetName target = pools.create("rblocal");
        HISTORY.forEach(s -> pools.exec("zfs", "snapshot", target + "@" + s));
        pools.exec("zfs", "snapshot", target + "@local1");
        pools.exec("zfs", "snapshot", target + "@local2");
        List<String> log = new ArrayList<>();

        receivingSide(pools).check(rollbackStep(pools, target, HISTORY.get(3)), Set.of(), log::add);

        assertThat(TestApply.snapshots(pools, target.name())).extracting(s -> s.split(" ")[0])
                .containsExactlyElementsOf(HISTORY);
        assertThat(log).containsExactly(target + ": rolled back to @" + HISTORY.get(3) + " as the plan allows (zfs "
                + "rollback -r), destroying 2 newer snapshot(s): local1, local2");
    }

    /** The receiving side as the target's agent builds it: its own consent, its settings' naming. */
    private static ZfsPreflight receivingSide(TestPools pools) {
        return new ZfsPreflight(null, new Zfs(pools.runner())).allowingRollback(true).keepingHistory(NAMING);
    }

    /** A step as a plan would name it: incremental from {@code base} (its real GUID) with a rollback first. */
    private static SendStep rollbackStep(TestPools pools, DatasetName target, String base) {
        SnapshotRef from = new SnapshotRef(base, Long.parseUnsignedLong(TestApply.guid(pools, target + "@" + base)), 0, 0);
        return new SendStep(DatasetName.of("tank/src"), target, SendKind.INCREMENTAL, from,
                new SnapshotRef("zr-20261129T050000Z", 1, 0, 0), null, true, -1);
    }
}
