package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpConnector;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpSendSide;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Peers on the sender's network that reach the receiver's port before the real sender: each is
 * refused on its own, and the real sender, connecting after them, still delivers its exact bytes:
 * over TLS (the default; the peers speak plain TCP and fail the handshake) and in plaintext.
 */
class TcpListenerAttackTest {
    private static final TransferOptions OPTIONS = TransferOptions.defaults()
            .withTimes(Duration.ofMillis(200), Duration.ofSeconds(40), Duration.ofSeconds(60));

    @ParameterizedTest
    @CsvSource({"reset,tls", "endless,tls", "trickle,tls", "idle,tls", "strays,tls",
            "reset,plaintext", "endless,plaintext", "trickle,plaintext", "idle,plaintext", "strays,plaintext"})
    void shouldReceiveTheRealSendersExactBytesAfterAHostilePeer(String attack, String mode, @TempDir Path dir)
            throws Exception {
        TransferOptions options = OPTIONS.withTcpPlaintext(mode.equals("plaintext"));
        byte[] data = new byte[3 << 20];
        new Random(attack.hashCode()).nextBytes(data);
        Path source = Files.write(dir.resolve("source.bin"), data);
        Path received = dir.resolve("received.bin");
        List<Process> attackers = new ArrayList<>();
        List<String> refusals = new CopyOnWriteArrayList<>();
        try (TwoHosts hosts = new TwoHosts()) {
            TcpListener listener = TcpListener.listen(hosts.receiverLauncher(), hosts.receiverAddress, 0, options, dir);
            String target = "TCP:" + hosts.receiverAddress + ":" + listener.port();
            for (int i = 0; i < (attack.equals("strays") ? 20 : 1); i++) {
                attackers.add(attacker(hosts, attack, target));
            }
            Thread.sleep(1000); // the attack is under way before the real sender connects
            RunningPipeline pipeline = new RunningPipeline();
            try {
                TcpConnector.connect(pipeline, hosts.senderLauncher(), new TcpSendSide(hosts.receiverAddress,
                        listener.port(), listener.token(), listener.certificate()),
                        List.of(new StageCommand("source", List.of("cat", source.toString()))), options, dir);
                listener.acceptAndStart(pipeline, hosts.receiverLauncher(),
                        List.of(new StageCommand("sink", List.of("tee", received.toString()))), dir, refusals::add);
                for (int i = 0; i < 600 && !pipeline.finished() && !pipeline.failed(); i++) {
                    Thread.sleep(50);
                }
                assertThat(pipeline.failed()).as(pipeline.failureText()).isFalse();
                assertThat(pipeline.finished()).as(pipeline.waitingText() + refusals).isTrue();
            } finally {
                pipeline.destroy();
                listener.close();
            }
            assertThat(Files.readAllBytes(received)).isEqualTo(data);
            assertThat(refusals).as("refusals; the listener said: %s", listenerLogs(dir)).isNotEmpty().allMatch(line -> (line.startsWith("The connection from "
                    + hosts.senderAddress) || line.startsWith("The connection from a peer that reset before it was "
                    + "accepted ")) && line.endsWith("; it was refused and zfs recv was not started"));
        } finally {
            for (Process attacker : attackers) {
                List<ProcessHandle> all = new ArrayList<>(attacker.descendants().toList());
                all.add(attacker.toHandle());
                all.forEach(ProcessHandle::destroyForcibly);
                for (ProcessHandle process : all) {
                    process.onExit().get();
                }
            }
        }
        assertThat(Processes.liveChildren()).isEmpty();
    }

    private static String listenerLogs(Path dir) throws java.io.IOException {
        try (var files = Files.list(dir)) {
            return files.filter(file -> file.getFileName().toString().startsWith("socat-listen"))
                    .map(file -> {
                        try {
                            return file.getFileName() + ": " + Files.readString(file);
                        } catch (java.io.IOException e) {
                            return file + ": " + e;
                        }
                    }).toList().toString();
        }
    }

    /** One hostile peer in the sender's namespace, started in the background. */
    private static Process attacker(TwoHosts hosts, String attack, String target) throws Exception {
        String script = switch (attack) {
            // one byte, then a reset (SO_LINGER 0) instead of an orderly close
            case "reset" -> "printf x | socat -u STDIN \"$1\",linger=0";
            // bytes without end and without a newline
            case "endless" -> "socat -u OPEN:/dev/zero \"$1\"";
            // a byte every three seconds, never the token
            case "trickle" -> "while :; do printf a; sleep 3; done | socat -u STDIN \"$1\"";
            // connected, silent
            default -> "sleep 120 | socat -u STDIN \"$1\"";
        };
        List<String> argv = new ArrayList<>(List.of("ip", "netns", "exec", hosts.sender, "sh", "-c", script, "sh",
                target));
        return new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
    }
}
