package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pull: {@code ssh source 'zfs send | zstd' | zstd -d | zfs recv}, started on the backup host. Here
 * the backup host is the "sender" namespace (where the chain starts) and the source is the sshd in
 * the "receiver" namespace: the stream crosses the real network path from the source to the puller.
 */
@ExtendWith(ZfsTestBed.class)
class SshPullTest {

    @Test
    void shouldPullFullThenIncrementalWithTheSendSideRunOnTheSourceOverSsh(TestPools pools, @TempDir Path dir)
            throws Exception {
        Replica replica = new Replica(pools, List.of("alpha", "beta"));
        replica.writeAndSnapshot("one.bin", 1 << 20, "s1");
        replica.writeAndSnapshot("two.bin", 100 << 10, "s2");
        List<String> log = new ArrayList<>();
        TransferReport first;
        try (TwoHosts hosts = new TwoHosts(); SshServer sshd = new SshServer(hosts, dir)) {
            SshTransport transport = SshTransport.pull(sshd.destination(), sshd.clientOptions());
            TransferEngine engine = new TransferEngine(TransferSetup.zfs(transport, replica.zfs, replica.zfs,
                    hosts.senderLauncher(), ProcessSite.local(), StepGate.KEEP_ALL),
                    TransferOptions.defaults().withCompression(Compression.ZSTD).withConcurrency(2)
                            .withTimes(Duration.ofMillis(200), Duration.ofSeconds(10), Duration.ofSeconds(10)),
                    log::add, Clock.systemUTC());

            first = engine.run(replica.plan(true, "s1", "s2"));
            assertThat(first.succeeded()).as(first.firstError()).isTrue();
            replica.assertReplicated("s1", "s2");

            replica.writeAndSnapshot("three.bin", 300 << 10, "s3");
            TransferReport second = engine.run(replica.plan(false, "s2", "s3"));
            assertThat(second.succeeded()).as(second.firstError()).isTrue();
            replica.assertReplicated("s1", "s2", "s3");
        }
        assertThat(first.transport()).isEqualTo("ssh-pull");
        assertThat(first.steps()).allSatisfy(step -> assertThat(step.measured().bytes()).isPositive());
        // the send side (zfs send, its compressor) runs on the source, quoted into one ssh command; the
        // receive side runs here
        assertThat(log).anySatisfy(line -> assertThat(line).contains("started ip netns exec")
                .contains(" ssh -o BatchMode=yes").contains("'zfs' 'send'").contains("'zstd' '-q' '-c'")
                .contains(" zstd -q -d -c | ").contains(" zfs recv "));
        assertThat(Processes.liveChildren()).isEmpty();
    }
}
