package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpListener;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpTransport;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The tcp transport between two network namespaces with their own addresses, on real pools. */
@ExtendWith(ZfsTestBed.class)
class TcpTransferTest {
    private static final TransferOptions OPTIONS = TransferOptions.defaults()
            .withTimes(Duration.ofMillis(200), Duration.ofSeconds(10), Duration.ofSeconds(5));
    /**
     * The refusals below speak the token protocol in the clear with socat, as an attacker without TLS
     * would; the same refusals inside TLS are TcpListenerAttackTest's and TcpTlsTest's.
     */
    private static final TransferOptions PLAINTEXT = OPTIONS.withTcpPlaintext(true);

    @Test
    void shouldReplicateFullThenIncrementalBetweenTwoHostsOverTcp(TestPools pools) {
        Replica replica = new Replica(pools, List.of("alpha", "beta", "gamma"));
        replica.writeAndSnapshot("one.bin", 1 << 20, "s1");
        replica.writeAndSnapshot("two.bin", 200 << 10, "s2");
        try (TwoHosts hosts = new TwoHosts()) {
            TransferEngine engine = engine(replica, hosts, OPTIONS.withConcurrency(3));

            TransferReport first = engine.run(replica.plan(true, "s1", "s2"));
            assertThat(first.succeeded()).as(first.firstError()).isTrue();
            replica.assertReplicated("s1", "s2");

            replica.writeAndSnapshot("three.bin", 300 << 10, "s3");
            TransferReport second = engine.run(replica.plan(false, "s2", "s3"));
            assertThat(second.succeeded()).as(second.firstError()).isTrue();
            replica.assertReplicated("s1", "s2", "s3");
            assertThat(first.transport()).isEqualTo("tcp");
        }
        assertThat(Processes.liveChildren()).isEmpty();
    }

    @Test
    void shouldRefuseAWrongTokenWithoutStartingTheReceiverAndAcceptNoSecondConnection(@TempDir Path dir) {
        try (TwoHosts hosts = new TwoHosts()) {
            TcpListener listener = TcpListener.listen(hosts.receiverLauncher(), hosts.receiverAddress, 0, PLAINTEXT, dir);
            Path marker = dir.resolve("receiver-started");
            RunningPipeline pipeline = new RunningPipeline();
            String wrong = "0123456789abcdef0123456789abcdef".equals(listener.token())
                    ? "fedcba9876543210fedcba9876543210" : "0123456789abcdef0123456789abcdef";

            var client = hosts.execIn(hosts.sender, "sh", "-c", "printf %s \"$1\" | socat -u STDIN TCP:$2:$3", "sh",
                    wrong + "and the stream", hosts.receiverAddress, Integer.toString(listener.port()));

            assertThat(client.exitStatus()).isZero();
            assertThatThrownBy(() -> listener.acceptAndStart(pipeline, hosts.receiverLauncher(),
                    List.of(new StageCommand("zfs recv", List.of("touch", marker.toString()))), dir))
                    .isInstanceOf(TransferException.class)
                    .hasMessageContaining("from " + hosts.senderAddress)
                    .hasMessageContaining("presented a wrong token; it was refused and zfs recv was not started");
            assertThat(pipeline.stages()).isEmpty();
            assertThat(marker).doesNotExist();
            var again = hosts.execIn(hosts.sender, "socat", "-u", "OPEN:/dev/null",
                    "TCP:" + hosts.receiverAddress + ":" + listener.port());
            assertThat(again.exitStatus()).isNotZero();
            assertThat(again.stderr()).contains("Connection refused");
        }
        assertThat(Processes.liveChildren()).isEmpty();
    }

    @Test
    void shouldRefuseAConnectionWithoutTokenWithoutStartingTheReceiver(@TempDir Path dir) throws Exception {
        try (TwoHosts hosts = new TwoHosts()) {
            TcpListener listener = TcpListener.listen(hosts.receiverLauncher(), hosts.receiverAddress, 0,
                    PLAINTEXT.withTimes(Duration.ofMillis(200), Duration.ofSeconds(3), Duration.ofSeconds(5)), dir);
            Path marker = dir.resolve("receiver-started");
            RunningPipeline pipeline = new RunningPipeline();

            var client = hosts.execIn(hosts.sender, "socat", "-u", "OPEN:/dev/null",
                    "TCP:" + hosts.receiverAddress + ":" + listener.port());

            assertThat(client.exitStatus()).isZero();
            assertThatThrownBy(() -> listener.acceptAndStart(pipeline, hosts.receiverLauncher(),
                    List.of(new StageCommand("zfs recv", List.of("touch", marker.toString()))), dir))
                    .isInstanceOf(TransferException.class)
                    .hasMessageContaining("The connection from " + hosts.senderAddress)
                    .hasMessageContaining("did not present the token");
            assertThat(pipeline.stages()).isEmpty();
            assertThat(Files.exists(marker)).isFalse();
        }
        assertThat(Processes.liveChildren()).isEmpty();
    }

    static TransferEngine engine(Replica replica, TwoHosts hosts, TransferOptions options) {
        return new TransferEngine(TransferSetup.zfs(
                new TcpTransport(hosts.receiverAddress, hosts.receiverAddress, 0), replica.zfs, replica.zfs,
                hosts.senderLauncher(), hosts.receiverLauncher(), StepGate.KEEP_ALL), options, line -> { },
                Clock.systemUTC());
    }
}
