package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A recursive plan onto a new target creates datasets below datasets it creates: zfs recv needs
 * the parent first, whatever the concurrency (seen in the demo: the children failed with "dataset
 * does not exist" while their parent was still being received).
 */
@ExtendWith(ZfsTestBed.class)
class NestedTargetsTest {
    private static final List<String> TREE = List.of("alpha", "alpha/one", "alpha/one/deep", "alpha/two", "beta");

    @Test
    void shouldReceiveEveryParentBeforeItsChildrenWithThreeAtOnce(TestPools pools) {
        Replica replica = new Replica(pools, TREE);
        replica.writeAndSnapshot("one.bin", 256 << 10, "s1");
        replica.writeAndSnapshot("two.bin", 64 << 10, "s2");
        List<String> log = new ArrayList<>();

        TransferReport report = engine(replica, log, 3).run(replica.plan(true, "s1", "s2"));

        assertThat(report.succeeded()).as("%s; log: %s", report.firstError(), log).isTrue();
        for (String name : TREE) {
            assertThat(replica.snapshotsWithGuids(replica.target, name)).as(name).containsExactly(
                    "s1 " + replica.ref(replica.source.resolve(name), "s1").guidText(),
                    "s2 " + replica.ref(replica.source.resolve(name), "s2").guidText());
        }
    }

    @Test
    void shouldNotRunTheChildrenOfATargetWhoseFirstStepFailed(TestPools pools) {
        Replica replica = new Replica(pools, List.of("alpha", "alpha/one"));
        replica.writeAndSnapshot("one.bin", 64 << 10, "s1");
        replica.zfs.createFilesystem(replica.target.resolve("alpha"), Map.of()); // a full receive onto it fails
        List<String> log = new ArrayList<>();

        TransferReport report = engine(replica, log, 2).run(replica.plan(true, "s1"));

        assertThat(report.steps()).extracting(r -> r.step().target().relativeTo(replica.target) + " " + r.outcome())
                .containsExactly("alpha FAILED", "alpha/one NOT_RUN");
        assertThat(report.steps().get(1).message()).isEqualTo("its parent target " + replica.target.resolve("alpha")
                + " was not created (the parent's first step did not complete)");
        assertThat(replica.zfs.list(List.of(replica.target), true, List.of()).objects()).extracting(o -> o.name())
                .containsExactly(replica.target.name(), replica.target.resolve("alpha").name());
    }

    @Test
    void shouldRefuseAFullSendWhoseTargetParentIsMissingBeforeSendingAnything(TestPools pools) {
        Replica replica = new Replica(pools, List.of("alpha"));
        replica.writeAndSnapshot("one.bin", 64 << 10, "s1");
        DatasetName source = replica.source.resolve("alpha");
        DatasetName target = replica.target.resolve("missing/alpha");
        SendStep full = new SendStep(source, target, SendKind.FULL, null, replica.ref(source, "s1"), null, false, -1);
        ReplicationPlan plan = new ReplicationPlan(Instant.now(), "local", "local",
                List.of(new DatasetPlan(source, target, DatasetAction.SEND, "test", List.of(full))));
        List<String> log = new ArrayList<>();

        TransferReport report = engine(replica, log, 1).run(plan);

        assertThat(report.succeeded()).isFalse();
        assertThat(report.firstError()).isEqualTo(source + "@s1: The target's parent " + replica.target.resolve("missing")
                + " does not exist on the target (local): zfs recv creates " + target + " but not its parents. Create "
                + "it (zfs create -p " + replica.target.resolve("missing") + "), ask for missing parents to be created, or plan"
                + " its source too; nothing was sent");
        assertThat(report.steps().get(0).measured().bytes()).isZero();
        assertThat(replica.zfs.list(List.of(replica.target), true, List.of()).objects()).hasSize(1);
    }

    private static TransferEngine engine(Replica replica, List<String> log, int concurrency) {
        return new TransferEngine(TransferSetup.zfs(new LocalTransport(), replica.zfs, replica.zfs, ProcessSite.local(),
                ProcessSite.local(), StepGate.KEEP_ALL), TransferOptions.defaults().withConcurrency(concurrency),
                log::add, Clock.systemUTC());
    }
}
