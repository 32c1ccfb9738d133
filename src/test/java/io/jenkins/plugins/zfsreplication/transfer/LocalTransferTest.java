package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** zfs send | mbuffer | zfs recv on one host, on real zfs-fuse pools: full, then incremental. */
@ExtendWith(ZfsTestBed.class)
class LocalTransferTest {

    @ParameterizedTest(name = "concurrency {0}")
    @ValueSource(ints = {1, 3})
    void shouldReplicateSeveralDatasetsFullThenIncrementalWithTheSourcesGuidsAndBytes(int concurrency, TestPools pools) {
        Replica replica = new Replica(pools, List.of("alpha", "beta", "gamma"));
        replica.writeAndSnapshot("one.bin", 1 << 20, "s1");
        replica.writeAndSnapshot("two.bin", 512 << 10, "s2");
        List<String> log = new ArrayList<>();
        TransferEngine engine = new TransferEngine(TransferSetup.zfs(new LocalTransport(), replica.zfs, replica.zfs,
                ProcessSite.local(), ProcessSite.local(), StepGate.KEEP_ALL),
                TransferOptions.defaults().withConcurrency(concurrency), line -> log.add(line), Clock.systemUTC());

        TransferReport first = engine.run(replica.plan(true, "s1", "s2"));

        assertThat(first.succeeded()).as("%s", first.firstError()).isTrue();
        replica.assertReplicated("s1", "s2");

        replica.writeAndSnapshot("three.bin", 256 << 10, "s3");
        replica.writeAndSnapshot("four.bin", 300 << 10, "s4");
        TransferReport second = engine.run(replica.plan(false, "s2", "s3", "s4"));

        assertThat(second.succeeded()).as("%s", second.firstError()).isTrue();
        replica.assertReplicated("s1", "s2", "s3", "s4");
        assertThat(second.steps()).hasSize(6).allSatisfy(step -> assertThat(step.outcome()).isEqualTo(StepOutcome.OK));
        assertThat(first.steps()).filteredOn(step -> step.step().to().name().equals("s1"))
                .allSatisfy(step -> assertThat(step.measured().bytes()).isGreaterThan(1 << 20));
        assertThat(io.jenkins.plugins.zfsreplication.zfs.TestProcesses.descendants()).isEmpty();
        // per-dataset and total throughput: the last tick holds every dataset's bytes and their sum
        List<ThroughputLog.Sample> samples = second.samples();
        double last = samples.get(samples.size() - 1).seconds();
        List<ThroughputLog.Sample> lastTick = samples.stream().filter(s -> s.seconds() == last).toList();
        assertThat(lastTick).extracting(ThroughputLog.Sample::dataset).containsExactly(
                replica.source + "/alpha", replica.source + "/beta", replica.source + "/gamma", ThroughputLog.TOTAL);
        assertThat(lastTick.get(3).bytes()).isEqualTo(second.totalBytes())
                .isEqualTo(lastTick.get(0).bytes() + lastTick.get(1).bytes() + lastTick.get(2).bytes());
    }
}
