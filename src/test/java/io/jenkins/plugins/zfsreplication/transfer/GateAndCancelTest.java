package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Retention between steps, and cancelling a run, on real pools. */
@ExtendWith(ZfsTestBed.class)
class GateAndCancelTest {

    @Test
    void shouldSkipAStepTheGateNoLongerWantsAndSendTheNextFromTheSkippedStepsBase(TestPools pools) {
        Replica replica = new Replica(pools, List.of("alpha"));
        replica.writeAndSnapshot("one.bin", 64 << 10, "s1");
        replica.writeAndSnapshot("two.bin", 64 << 10, "s2");
        replica.writeAndSnapshot("three.bin", 64 << 10, "s3");
        List<String> asked = new ArrayList<>();
        // a retention rule that has aged s2 out by the time its step comes
        StepGate agedOut = (step, now) -> {
            asked.add(step.to().name());
            return !step.to().name().equals("s2");
        };
        List<String> log = new ArrayList<>();
        TransferEngine engine = new TransferEngine(TransferSetup.zfs(new LocalTransport(), replica.zfs, replica.zfs,
                ProcessSite.local(), ProcessSite.local(), agedOut), TransferOptions.defaults(), log::add, Clock.systemUTC());

        TransferReport report = engine.run(replica.plan(true, "s1", "s2", "s3"));

        assertThat(report.succeeded()).as(report.firstError()).isTrue();
        assertThat(asked).containsExactly("s1", "s2", "s3");
        assertThat(report.steps()).extracting(r -> r.step().to().name() + " " + r.outcome() + " " + r.step().kind()
                + " from " + (r.step().from() == null ? "-" : r.step().from().name()))
                .containsExactly("s1 OK FULL from -", "s2 SKIPPED INCREMENTAL from s1", "s3 OK INCREMENTAL from s1");
        replica.assertReplicated("s1", "s3");
        assertThat(log).contains(replica.source.resolve("alpha") + "@s2 -> " + replica.target.resolve("alpha")
                + ": skipped, no longer wanted by the retention rules");
    }

    @Test
    void shouldEndEveryProcessWhenCancelledAndRecordWhereItStopped(TestPools pools) throws Exception {
        Replica replica = new Replica(pools, List.of("alpha", "beta"));
        List<String> log = new java.util.concurrent.CopyOnWriteArrayList<>();
        replica.writeAndSnapshot("one.bin", 4 << 20, "s1");
        replica.writeAndSnapshot("two.bin", 64 << 10, "s2");
        TransferEngine engine = new TransferEngine(TransferSetup.zfs(new LocalTransport(), replica.zfs, replica.zfs,
                ProcessSite.local(), ProcessSite.local(), StepGate.KEEP_ALL),
                TransferOptions.defaults().withBuffer(1 << 20, 1 << 20).withConcurrency(2)
                        .withTimes(Duration.ofMillis(200), Duration.ofSeconds(10), Duration.ofSeconds(10)),
                log::add, Clock.systemUTC());
        Thread runner = Thread.currentThread();
        CompletableFuture<Void> interrupt = CompletableFuture.runAsync(() -> {
            try {
                Processes.await("mbuffer");
                Thread.sleep(800);
                runner.interrupt(); // what a Jenkins abort does to the step's thread
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });

        TransferReport report = engine.run(replica.plan(true, "s1", "s2"));
        boolean interruptedFlag = Thread.interrupted();
        interrupt.get(30, TimeUnit.SECONDS);

        assertThat(interruptedFlag).isTrue();
        assertThat(report.cancelled()).isTrue();
        assertThat(report.steps()).extracting(r -> r.step().source().name().replaceAll(".*/", "") + "@"
                + r.step().to().name() + " " + r.outcome())
                .containsExactly("alpha@s1 CANCELLED", "alpha@s2 NOT_RUN", "beta@s1 CANCELLED", "beta@s2 NOT_RUN");
        assertThat(report.steps().get(0).message()).contains("cancelled");
        assertThat(Processes.liveChildren()).isEmpty();
        assertThat(replica.zfs.list(List.of(replica.target), true, List.of()).objects())
                .as("the target after the cancel; the run's log: %s", log)
                .extracting(o -> o.name()).containsExactly(replica.target.name());
        assertThat(SendKind.FULL).isEqualTo(report.steps().get(0).step().kind());
    }
}
