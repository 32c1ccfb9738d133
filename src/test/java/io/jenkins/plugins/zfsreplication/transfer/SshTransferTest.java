package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** zfs send | mbuffer | ssh host 'zstd -d | zfs recv' to an sshd in the receiver's namespace. */
@ExtendWith(ZfsTestBed.class)
class SshTransferTest {

    @Test
    void shouldReplicateFullThenIncrementalOverSshWithCompression(TestPools pools, @TempDir Path dir) throws Exception {
        Replica replica = new Replica(pools, List.of("alpha", "beta"));
        replica.writeAndSnapshot("one.bin", 1 << 20, "s1");
        replica.writeAndSnapshot("two.bin", 100 << 10, "s2");
        List<String> log = new ArrayList<>();
        try (TwoHosts hosts = new TwoHosts(); SshServer sshd = new SshServer(hosts, dir)) {
            SshTransport transport = new SshTransport(sshd.destination(), sshd.clientOptions());
            TransferEngine engine = new TransferEngine(TransferSetup.zfs(transport, replica.zfs, replica.zfs,
                    hosts.senderLauncher(), ProcessSite.local(), StepGate.KEEP_ALL),
                    TransferOptions.defaults().withCompression(Compression.ZSTD).withConcurrency(2)
                            .withTimes(Duration.ofMillis(200), Duration.ofSeconds(10), Duration.ofSeconds(10)),
                    log::add, Clock.systemUTC());

            TransferReport first = engine.run(replica.plan(true, "s1", "s2"));
            assertThat(first.succeeded()).as(first.firstError()).isTrue();
            replica.assertReplicated("s1", "s2");

            replica.writeAndSnapshot("three.bin", 300 << 10, "s3");
            TransferReport second = engine.run(replica.plan(false, "s2", "s3"));
            assertThat(second.succeeded()).as(second.firstError()).isTrue();
            replica.assertReplicated("s1", "s2", "s3");
        }
        assertThat(log).anySatisfy(line -> assertThat(line).contains("started ip netns exec")
                .contains(" zstd -q -c -1 -T0 | ").contains(" ssh -o BatchMode=yes").contains("'zstd' '-q' '-d' '-c' | 'env' 'LC_ALL=C' 'zfs' 'recv' '"));
        assertThat(Processes.liveChildren()).isEmpty();
    }
}
