package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import static org.assertj.core.api.Assertions.assertThat;

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
