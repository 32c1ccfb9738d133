package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A diverged target whose plan allows rollback: snapshots the target took after the base must go
 * before the incremental, or OpenZFS refuses the stream and zfs-fuse keeps them beside it.
 */
@ExtendWith(ZfsTestBed.class)
class RollbackStepTest {

    @Test
    void shouldKeepTheSnapshotsOnlyTheTargetHasWhenRollingItBackAndNameWhereTheyAre(TestPools pools) throws Exception {
        Replica replica = new Replica(pools, List.of("alpha"));
        replica.writeAndSnapshot("one.bin", 64 << 10, "s1");
        List<String> log = new ArrayList<>();
        engine(replica, log).run(replica.plan(true, "s1"));
        replica.zfs.snapshot(List.of(replica.target.resolve("alpha").snapshot("local1")), false);
        replica.zfs.snapshot(List.of(replica.target.resolve("alpha").snapshot("local2")), false);
        List<String> local = replica.snapshotsWithGuids(replica.target, "alpha").subList(1, 3);
        replica.writeAndSnapshot("two.bin", 64 << 10, "s2");

        TransferReport report = engine(replica, log, true).run(withRollback(replica.plan(false, "s1", "s2")));

        assertThat(report.succeeded()).as(report.firstError()).isTrue();
        replica.assertReplicated("s1", "s2");
        String kept = "alpha-kept-" + String.format("%016x", Long.parseUnsignedLong(local.get(1).split(" ")[1]));
        String rolledBack = replica.target.resolve("alpha") + ": back at @s1 as the plan allows, keeping the 2"
                + " snapshot(s) only the copy had (local1, local2) in " + replica.target.resolve(kept)
                + " (zfs rename, zfs clone, zfs promote): nothing was destroyed";
        assertThat(log).contains(rolledBack);
        assertThat(replica.snapshotsWithGuids(replica.target, kept)).containsExactlyElementsOf(local);
        // where they are is recorded where the audit trail keeps it: the step's checks in transfer.json
        assertThat(report.steps().get(0).checks()).containsExactly(rolledBack);
        assertThat(new ObjectMapper().readTree(TransferArtifacts.json(report)).at("/steps/0/checks/0").asText())
                .isEqualTo(rolledBack);
    }

    /**
     * A copy that is its pool's root cannot be renamed aside: the run refuses, changes nothing, and the
     * commands it names keep the later snapshots (with their GUIDs) in a dataset below the root, from
     * where a rollback of the root cannot take them.
     */
    @Test
    void shouldRefuseToRollBackAPoolRootCopyAndNameCommandsThatKeepItsLaterSnapshots(TestPools pools) {
        io.jenkins.plugins.zfsreplication.zfs.Zfs zfs = new io.jenkins.plugins.zfsreplication.zfs.Zfs(pools.runner());
        io.jenkins.plugins.zfsreplication.zfs.DatasetName copy = pools.create("root");
        for (String name : List.of("base", "local1", "local2")) {
            zfs.snapshot(List.of(copy.snapshot(name)), false);
        }
        List<io.jenkins.plugins.zfsreplication.zfs.ZfsObject> newer = zfs.list(List.of(copy), false, List.of())
                .snapshotsOf(copy.name()).subList(1, 3);
        String guid = String.format("%016x", newer.get(1).guid());
        List<String> before = snapshots(pools, copy.name());
        List<String> log = new ArrayList<>();

        assertThatThrownBy(() -> DivergedCopy.keep(zfs, copy, copy.snapshot("base"), newer, log::add))
                .isInstanceOf(io.jenkins.plugins.zfsreplication.transfer.process.TransferException.class)
                .hasMessage("The copy %1$s diverged from its source after @base and is its pool's root, which zfs cannot"
                        + " rename: its 2 later snapshot(s) (local1, local2) exist only there and are not kept aside"
                        + " automatically. Nothing was sent, rolled back or destroyed. Keep them by hand (zfs send"
                        + " %1$s@local1 | zfs recv -u %1$s/kept-%2$s; zfs send -I %1$s@local1 %1$s@local2 | zfs recv -u"
                        + " %1$s/kept-%2$s), then destroy them on the copy (zfs destroy %1$s@local1; zfs destroy"
                        + " %1$s@local2) and run again; or give the copy a dataset below the pool root", copy, guid);
        assertThat(snapshots(pools, copy.name())).isEqualTo(before);
        assertThat(log).isEmpty();

        // what it names, run as an admin would (a shell), keeps both with their GUIDs; the rollback then loses nothing
        String kept = copy.name() + "/kept-" + guid;
        pools.exec("sh", "-c", "zfs send " + copy + "@local1 | zfs recv -u " + kept);
        pools.exec("sh", "-c", "zfs send -I " + copy + "@local1 " + copy + "@local2 | zfs recv -u " + kept);
        pools.exec("zfs", "rollback", "-r", copy + "@base");
        assertThat(snapshots(pools, kept)).isEqualTo(before.subList(1, 3).stream()
                .map(line -> line.replace(copy.name() + "@", kept + "@")).toList());
        assertThat(snapshots(pools, copy.name())).isEqualTo(before.subList(0, 1));
    }

    /** name@snapshot GUID of the dataset's own snapshots, oldest first. */
    private static List<String> snapshots(TestPools pools, String dataset) {
        return pools.exec("zfs", "list", "-H", "-t", "snapshot", "-r", "-s", "createtxg", "-o", "name,guid",
                dataset).stdout().lines().filter(line -> line.startsWith(dataset + "@"))
                .map(line -> line.replace('\t', ' ')).toList();
    }

    @Test
    void shouldRollBackNothingWhenThePlanDoesNotAllowIt(TestPools pools) {
        Replica replica = new Replica(pools, List.of("alpha"));
        replica.writeAndSnapshot("one.bin", 64 << 10, "s1");
        List<String> log = new ArrayList<>();
        engine(replica, log).run(replica.plan(true, "s1"));
        replica.zfs.snapshot(List.of(replica.target.resolve("alpha").snapshot("local1")), false);
        replica.writeAndSnapshot("two.bin", 64 << 10, "s2");

        TransferReport report = engine(replica, log).run(replica.plan(false, "s1", "s2"));

        assertThat(replica.snapshotsWithGuids(replica.target, "alpha")).extracting(s -> s.split(" ")[0])
                .contains("s1", "local1");
        assertThat(log).noneMatch(line -> line.contains("rolled back"));
        assertThat(report.steps()).allSatisfy(step -> assertThat(step.checks()).isEmpty());
    }

    @Test
    void shouldRefuseARollbackThePlanNamesWithoutTheReceivingSidesOwnConsent(TestPools pools) {
        // a plan.json that asks for a rollback (made elsewhere, or edited): the receiving side did not allow it
        Replica replica = new Replica(pools, List.of("alpha"));
        replica.writeAndSnapshot("one.bin", 64 << 10, "s1");
        List<String> log = new ArrayList<>();
        engine(replica, log).run(replica.plan(true, "s1"));
        replica.zfs.snapshot(List.of(replica.target.resolve("alpha").snapshot("local1")), false);
        replica.writeAndSnapshot("two.bin", 64 << 10, "s2");

        TransferReport report = engine(replica, log, false).run(withRollback(replica.plan(false, "s1", "s2")));

        assertThat(report.succeeded()).isFalse();
        assertThat(report.firstError()).contains("The plan rolls " + replica.target.resolve("alpha") + " back to @s1"
                + " (zfs rollback -r and zfs recv -F destroy the target's later snapshots and changes), which this"
                + " receiving side does not allow: give --allow-rollback to run (allowRollback: true on zfsSendRecv)"
                + " if they may go. Nothing was sent or destroyed");
        assertThat(replica.snapshotsWithGuids(replica.target, "alpha")).extracting(s -> s.split(" ")[0])
                .containsExactly("s1", "local1");
        assertThat(log).noneMatch(line -> line.contains("rolled back"));
    }

    private static TransferEngine engine(Replica replica, List<String> log) {
        return engine(replica, log, false);
    }

    private static TransferEngine engine(Replica replica, List<String> log, boolean allowRollback) {
        return new TransferEngine(TransferSetup.zfs(new LocalTransport(), replica.zfs, replica.zfs, ProcessSite.local(),
                ProcessSite.local(), StepGate.KEEP_ALL, false, allowRollback), TransferOptions.defaults(), log::add,
                Clock.systemUTC());
    }

    private static ReplicationPlan withRollback(ReplicationPlan plan) {
        List<DatasetPlan> datasets = plan.datasets().stream().map(dataset -> new DatasetPlan(dataset.source(),
                dataset.target(), DatasetAction.SEND, "diverged, rollback allowed", dataset.steps().stream()
                .map(step -> new SendStep(step.source(), step.target(), step.kind(), step.from(), step.to(), null, true,
                        step.estimatedBytes())).toList())).toList();
        return new ReplicationPlan(plan.createdAt(), plan.sourceHost(), plan.targetHost(), datasets);
    }
}
