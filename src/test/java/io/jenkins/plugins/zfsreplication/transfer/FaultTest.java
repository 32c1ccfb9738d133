package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Faults in the middle of an incremental step, slowed to ~2 MiB/s by the buffer's rate limit so
 * that there is a middle: the run fails with a message naming the stage, no process of the
 * pipeline is left, the target is as before (zfs-fuse has no resumable receive), the next run completes.
 */
@ExtendWith(ZfsTestBed.class)
class FaultTest {
    // no retries: each test injects one fault and checks the failure it leaves (SshRetryTest tries again)
    private static final TransferOptions SLOW = TransferOptions.defaults().withBuffer(1 << 20, 2 << 20)
            .withTimes(Duration.ofMillis(200), Duration.ofSeconds(10), Duration.ofSeconds(3))
            .withRetry(RetryPolicy.NONE);
    private static final TransferOptions FAST = SLOW.withBuffer(1 << 20, 0);

    @Test
    void shouldFailCleanlyWhenZfsSendIsKilledAndCompleteNextRun(TestPools pools) throws Exception {
        Replica replica = replicaAtS1(pools);
        TransferEngine slow = localEngine(replica, SLOW);

        TransferReport report = runWhile(slow, replica.plan(false, "s1", "s2"), () -> Processes.await("zfs", "send",
                // zfs-fuse's zfs rewrites its argv in place ('@' becomes a space): match the dataset only
                replica.source.name() + "/alpha").destroyForcibly());

        assertFailedCleanly(replica, report, "zfs send killed by signal 9");
        assertThat(localEngine(replica, FAST).run(replica.plan(false, "s1", "s2")).succeeded()).isTrue();
        replica.assertReplicated("s1", "s2");
    }

    @Test
    void shouldFailCleanlyWhenTheLinkGoesDownAndCompleteNextRun(TestPools pools) throws Exception {
        Replica replica = replicaAtS1(pools);
        try (TwoHosts hosts = new TwoHosts()) {
            TransferReport report = runWhile(TcpTransferTest.engine(replica, hosts, SLOW), replica.plan(false, "s1", "s2"),
                    () -> {
                        Processes.await("socat", "-LISTEN:"); // OPENSSL-LISTEN, or TCP-LISTEN in plaintext
                        Thread.sleep(1000);
                        hosts.linkDown();
                    });

            assertFailedCleanly(replica, report, "socat");
            hosts.linkUp();
            TransferReport next = TcpTransferTest.engine(replica, hosts, FAST).run(replica.plan(false, "s1", "s2"));
            assertThat(next.succeeded()).as(next.firstError()).isTrue();
        }
        replica.assertReplicated("s1", "s2");
    }

    @Test
    void shouldFailCleanlyWhenTheReceivingSideIsKilledAndCompleteNextRun(TestPools pools) throws Exception {
        Replica replica = replicaAtS1(pools);
        try (TwoHosts hosts = new TwoHosts()) {
            TransferReport report = runWhile(TcpTransferTest.engine(replica, hosts, SLOW), replica.plan(false, "s1", "s2"),
                    () -> {
                        ProcessHandle receiver = Processes.await("zfs", "recv", replica.target.name() + "/alpha");
                        Thread.sleep(1000);
                        receiver.destroyForcibly();
                    });

            assertFailedCleanly(replica, report, "zfs recv killed by signal 9");
            TransferReport next = TcpTransferTest.engine(replica, hosts, FAST).run(replica.plan(false, "s1", "s2"));
            assertThat(next.succeeded()).as(next.firstError()).isTrue();
        }
        replica.assertReplicated("s1", "s2");
    }

    /** One dataset replicated to s1, and s2 on the source 6 MiB later: ~3 s at the slow rate. */
    private static Replica replicaAtS1(TestPools pools) {
        Replica replica = new Replica(pools, List.of("alpha"));
        replica.writeAndSnapshot("one.bin", 100 << 10, "s1");
        assertThat(localEngine(replica, FAST).run(replica.plan(true, "s1")).succeeded()).isTrue();
        replica.writeAndSnapshot("big.bin", 6 << 20, "s2");
        return replica;
    }

    static TransferEngine localEngine(Replica replica, TransferOptions options) {
        return new TransferEngine(TransferSetup.zfs(new LocalTransport(), replica.zfs, replica.zfs, ProcessSite.local(),
                ProcessSite.local(), StepGate.KEEP_ALL), options, line -> { }, Clock.systemUTC());
    }

    interface Fault {
        void inject() throws Exception;
    }

    private static TransferReport runWhile(TransferEngine engine, ReplicationPlan plan, Fault fault) throws Exception {
        CompletableFuture<Void> injected = CompletableFuture.runAsync(() -> {
            try {
                fault.inject();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        TransferReport report = engine.run(plan);
        injected.get(30, TimeUnit.SECONDS);
        return report;
    }

    private static void assertFailedCleanly(Replica replica, TransferReport report, String cause) {
        assertThat(report.succeeded()).isFalse();
        assertThat(report.steps()).singleElement().satisfies(step -> {
            assertThat(step.outcome()).isEqualTo(StepOutcome.FAILED);
            assertThat(step.message()).contains(cause);
        });
        assertThat(Processes.liveChildren()).isEmpty();
        assertThat(replica.snapshotsWithGuids(replica.target, "alpha"))
                .containsExactly("s1 " + replica.ref(replica.source.resolve("alpha"), "s1").guidText());
    }
}
