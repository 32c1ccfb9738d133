package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.posix.NativePipe;
import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpConnector;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpSendSide;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpListener;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The named pipes of the tcp transport are enlarged for real: while a transfer runs (held up by a
 * sink that waits for the test's word, so both pipes stay full), the pipe socat connect reads and
 * the pipe socat listen writes are opened again through /proc and asked their capacity with fcntl
 * F_GETPIPE_SZ. By then the JVM has closed its own ends, so this also shows that the capacity set
 * before the processes came stays with the pipe. Then the sink reads, and every byte arrives.
 */
class TcpPipeCapacityTest {
    private static final String HOST = "127.0.0.1";
    private static final TransferOptions OPTIONS = TransferOptions.defaults()
            .withTimes(Duration.ofMillis(200), Duration.ofSeconds(20), Duration.ofSeconds(60));
    /** More than both pipes, both sockets' buffers and socat's blocks hold: the source stays blocked. */
    private static final int SIZE = 48 << 20;

    @AfterEach
    void noProcessLeft() {
        assertThat(Processes.liveChildren()).isEmpty();
    }

    @ParameterizedTest(name = "plaintext={0}")
    @ValueSource(booleans = {false, true})
    void shouldGiveBothSocatPipesTheLargerCapacity(boolean plaintext, @org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        TransferOptions options = OPTIONS.withTcpPlaintext(plaintext);
        // what the transport asks for, 1 MiB, as far as this host lets an unprivileged process go
        int expected = Math.min(1 << 20, pipeMaxSize());
        byte[] data = new byte[SIZE];
        new Random(11).nextBytes(data);
        Path source = Files.write(dir.resolve("source.bin"), data);
        Path go = dir.resolve("go");
        Path received = dir.resolve("received.bin");
        // the sink reads nothing until the test says so: a constant script, the paths as arguments
        List<String> sink = List.of("sh", "-c", "while [ ! -e \"$0\" ]; do sleep 0.05; done; exec cat > \"$1\"",
                go.toString(), received.toString());
        TcpListener listener = TcpListener.listen(ProcessSite.local(), HOST, 0, options, dir);
        RunningPipeline pipeline = new RunningPipeline();
        try {
            TcpConnector.connect(pipeline, ProcessSite.local(), new TcpSendSide(HOST, listener.port(),
                    listener.token(), listener.certificate()), List.of(new StageCommand("source", List.of("cat", source.toString()))),
                    options, dir);
            listener.acceptAndStart(pipeline, ProcessSite.local(), List.of(new StageCommand("sink", sink)), dir);
            String scheme = plaintext ? "TCP" : "OPENSSL";
            ProcessHandle connect = Processes.await("socat", "STDIN", scheme + ":" + HOST + ":" + listener.port());
            ProcessHandle listen = Processes.await("socat", scheme + "-LISTEN:", "STDOUT"); // it listened on port 0: any free one

            assertThat(capacity(connect, 0)).as("the pipe socat connect reads").isEqualTo(expected);
            assertThat(capacity(listen, 1)).as("the pipe socat listen writes").isEqualTo(expected);
            assertThat(expected).isGreaterThan(65536); // the kernel's default, what both had before

            Files.writeString(go, "");
            for (int i = 0; i < 1200 && !pipeline.finished() && !pipeline.failed(); i++) {
                Thread.sleep(50);
            }
            assertThat(pipeline.finished()).as(pipeline.failureText()).isTrue();
        } finally {
            pipeline.destroy();
            listener.close();
        }
        assertThat(Files.mismatch(source, received)).isEqualTo(-1L);
    }

    /** /proc/sys/fs/pipe-max-size, read in one go (a sysctl file gives nothing at a later offset). */
    private static int pipeMaxSize() throws java.io.IOException {
        try (java.io.InputStream in = Files.newInputStream(Path.of("/proc/sys/fs/pipe-max-size"))) {
            return Integer.parseInt(new String(in.readNBytes(64), StandardCharsets.US_ASCII).strip());
        }
    }

    /** The capacity of the pipe that is file descriptor {@code fd} of {@code process}, opened anew by its /proc link. */
    private static int capacity(ProcessHandle process, int fd) {
        try (NativePipe pipe = NativePipe.open(Path.of("/proc", Long.toString(process.pid()), "fd", Integer.toString(fd)))) {
            return pipe.capacity();
        }
    }
}
