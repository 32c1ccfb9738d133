package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpConnector;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpSendSide;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpListener;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A peer that floods a tcp lane, on real sockets over loopback: four connections from 127.0.0.2
 * at all times, each one again the moment the last is refused, each silent (it never completes the
 * TLS handshake, so each costs the lane its whole token window). The real sender, from 127.0.0.1,
 * still gets in well within the accept timeout: after a refused connection its address waits a turn
 * while others connect ({@code tcpwrap} in socat, which listens on), so a flooder gets at most every
 * other connection of the lane.
 */
class TcpFloodTest {
    private static final TransferOptions OPTIONS = TransferOptions.defaults()
            .withTimes(Duration.ofMillis(200), Duration.ofSeconds(25), Duration.ofSeconds(60));

    @Test
    void shouldLetTheRealSenderInWhileAnotherPeerFloodsTheLane(@TempDir Path dir) throws Exception {
        byte[] data = new byte[1 << 20];
        new Random(9).nextBytes(data);
        Path source = Files.write(dir.resolve("source.bin"), data);
        Path received = dir.resolve("received.bin");
        List<String> refusals = new CopyOnWriteArrayList<>();
        TcpListener listener = TcpListener.listen(ProcessSite.local(), "127.0.0.1", 0, OPTIONS, dir);
        AtomicBoolean flooding = new AtomicBoolean(true);
        AtomicInteger floods = new AtomicInteger();
        List<Thread> flooders = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Thread flooder = new Thread(() -> flood(listener.port(), flooding, floods), "flooder-" + i);
            flooder.setDaemon(true);
            flooder.start();
            flooders.add(flooder);
        }
        RunningPipeline pipeline = new RunningPipeline();
        try {
            Thread.sleep(500); // the flood is under way before the real sender connects
            TcpConnector.connect(pipeline, ProcessSite.local(), new TcpSendSide("127.0.0.1", listener.port(),
                    listener.token(), listener.certificate()), List.of(new StageCommand("source", List.of("cat", source.toString()))),
                    OPTIONS, dir);
            listener.acceptAndStart(pipeline, ProcessSite.local(),
                    List.of(new StageCommand("sink", List.of("tee", received.toString()))), dir, refusals::add);
            for (int i = 0; i < 600 && !pipeline.finished() && !pipeline.failed(); i++) {
                Thread.sleep(50);
            }
            assertThat(pipeline.failed()).as(pipeline.failureText()).isFalse();
            assertThat(pipeline.finished()).as(pipeline.waitingText() + refusals).isTrue();
        } finally {
            flooding.set(false);
            pipeline.destroy();
            listener.close();
            for (Thread flooder : flooders) {
                flooder.join(10_000);
            }
        }
        assertThat(Files.readAllBytes(received)).isEqualTo(data);
        assertThat(floods.get()).as("connections the flooder made").isGreaterThan(4);
        // the flooder's connections that the lane took on (a token window each) were refused, the real one was not
        assertThat(refusals).isNotEmpty().allSatisfy(line -> assertThat(line).startsWith("The connection from 127.0.0.2:")
                .endsWith("; it was refused and zfs recv was not started"));
        assertThat(Processes.liveChildren()).isEmpty();
    }

    /** Keeps one silent connection from 127.0.0.2 open to the port, again and again, until told to stop. */
    private static void flood(int port, AtomicBoolean flooding, AtomicInteger floods) {
        while (flooding.get()) {
            try (Socket socket = new Socket()) {
                socket.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.2"), 0));
                socket.connect(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port), 1000);
                floods.incrementAndGet();
                socket.setSoTimeout(200);
                while (flooding.get()) {
                    try {
                        if (socket.getInputStream().read() < 0) {
                            break; // refused: closed by the lane
                        }
                    } catch (java.net.SocketTimeoutException e) {
                        // still held open: stay silent
                    }
                }
            } catch (IOException e) {
                // nobody listening this moment, or reset: at once again
            }
        }
    }
}
