package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveEndpoints;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveServer;
import io.jenkins.plugins.zfsreplication.transfer.tcp.RemoteReceiverTransport;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The receiving side's control channel (Java, text) against peers that reach it before the real
 * sender: each is refused on its own and the real sender still opens the channel and ends the run.
 */
class ControlChannelAttackTest {
    private static final TransferOptions OPTIONS = TransferOptions.defaults()
            .withTimes(Duration.ofMillis(200), Duration.ofSeconds(30), Duration.ofSeconds(30));

    @ParameterizedTest
    @CsvSource({"reset,tls", "endless,tls", "trickle,tls", "idle,tls", "strays,tls",
            "reset,plaintext", "endless,plaintext", "trickle,plaintext", "idle,plaintext", "strays,plaintext"})
    void shouldLetTheRealSenderInAfterAHostilePeer(String attack, String mode, @TempDir Path dir) throws Exception {
        TransferOptions options = OPTIONS.withTcpPlaintext(mode.equals("plaintext"));
        ReplicationPlan plan = new ReplicationPlan(Instant.parse("2026-01-01T00:00:00Z"), "a", "b",
                List.of(DatasetName.of("tank")), DatasetName.of("backup"), List.of());
        ExecutorService threads = Executors.newCachedThreadPool();
        List<Socket> attackers = new ArrayList<>();
        try (ReceiveServer server = ReceiveServer.open(plan, new ReceiveServer.Receiving(ProcessSite.local(),
                new ZfsStreamCommands(), Preflight.NONE, Set.of(), options, dir),
                new ReceiveServer.Addresses("127.0.0.1", "127.0.0.1", "127.0.0.1", 0))) {
            ReceiveEndpoints endpoints = server.endpoints();
            Future<ReceiveServer.Report> serving = threads.submit(server::serve);
            InetSocketAddress control = new InetSocketAddress("127.0.0.1", endpoints.controlPort());
            for (int i = 0; i < (attack.equals("strays") ? 20 : 1); i++) {
                Socket socket = new Socket();
                socket.connect(control, 5000);
                attackers.add(socket);
                threads.submit(() -> attack(attack, socket));
            }
            Thread.sleep(1000); // the attack is under way before the real sender connects

            RemoteReceiverTransport sender = RemoteReceiverTransport.connect(endpoints, plan, options);
            sender.close();

            ReceiveServer.Report report = serving.get(30, TimeUnit.SECONDS);
            assertThat(report.steps()).isEmpty();
            // a silent or trickling peer is refused at its deadline, after this run, and so is an endless one
            // under TLS (the handshake reads on); the others at once
            assertThat(report.log()).hasSizeGreaterThanOrEqualTo(attack.equals("reset")
                    || attack.equals("endless") && mode.equals("plaintext") ? 1 : 0).allMatch(line -> line.startsWith("refused a control connection from 127.0.0.1: "));
        } finally {
            for (Socket socket : attackers) {
                socket.close();
            }
            threads.shutdownNow();
        }
    }

    private static Void attack(String attack, Socket socket) throws Exception {
        OutputStream out = socket.getOutputStream();
        switch (attack) {
            case "reset" -> {
                out.write('x');
                out.flush();
                socket.setSoLinger(true, 0);
                socket.close(); // RST instead of FIN
            }
            case "endless" -> {
                byte[] block = new byte[64 << 10];
                java.util.Arrays.fill(block, (byte) 'a');
                while (!socket.isClosed()) {
                    out.write(block); // until the receiver closes the connection
                }
            }
            case "trickle" -> {
                while (!socket.isClosed()) {
                    out.write('a');
                    out.flush();
                    Thread.sleep(3000);
                }
            }
            default -> {
                // connected, silent
            }
        }
        return null;
    }
}
