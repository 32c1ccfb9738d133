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
 * Relay: {@code ssh source 'zfs send' | ssh target 'zfs recv'}, started on a third host. Here that
 * host is the "sender" namespace, and both ends are the sshd in the "receiver" namespace: the stream
 * crosses the network out and back, and neither end's command runs where the chain starts.
 */
@ExtendWith(ZfsTestBed.class)
class SshRelayTest {

    @Test
    void shouldRelayFullThenIncrementalWithBothSidesRunOverSsh(TestPools pools, @TempDir Path dir) {
        Replica replica = new Replica(pools, List.of("alpha"));
        replica.writeAndSnapshot("one.bin", 256 << 10, "s1");
        List<String> log = new ArrayList<>();
        TransferReport first;
        try (TwoHosts hosts = new TwoHosts(); SshServer sshd = new SshServer(hosts, dir)) {
            SshTransport transport = SshTransport.relay(sshd.destination(), sshd.destination(), sshd.clientOptions());
            TransferEngine engine = new TransferEngine(TransferSetup.zfs(transport, replica.zfs, replica.zfs,
                    hosts.senderLauncher(), ProcessSite.local(), StepGate.KEEP_ALL),
                    TransferOptions.defaults().withTimes(Duration.ofMillis(200), Duration.ofSeconds(10),
                            Duration.ofSeconds(10)), log::add, Clock.systemUTC());

            first = engine.run(replica.plan(true, "s1"));
            assertThat(first.succeeded()).as(first.firstError()).isTrue();
            replica.writeAndSnapshot("two.bin", 100 << 10, "s2");
            TransferReport second = engine.run(replica.plan(false, "s1", "s2"));
            assertThat(second.succeeded()).as(second.firstError()).isTrue();
            replica.assertReplicated("s1", "s2");
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        assertThat(first.transport()).isEqualTo("ssh-relay");
        // the full stream carries the 256 KiB of random data: counted on the ssh clients
        assertThat(first.steps()).singleElement().satisfies(step -> assertThat(step.measured().bytes()).isGreaterThan(256 << 10));
        // two ssh stages, the send side quoted into the first, the receive side into the second
        assertThat(log).anySatisfy(line -> assertThat(line).contains("started ip netns exec")
                .containsPattern(" ssh -o BatchMode=yes .*'zfs' 'send' .* \\| .*ssh -o BatchMode=yes .*'zfs' 'recv' "));
        assertThat(Processes.liveChildren()).isEmpty();
    }
}
