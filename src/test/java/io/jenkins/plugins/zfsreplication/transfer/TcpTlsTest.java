package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.transfer.tcp.PinnedCertificate;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveEndpoints;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveServer;
import io.jenkins.plugins.zfsreplication.transfer.tcp.RemoteReceiverTransport;
import io.jenkins.plugins.zfsreplication.transfer.tcp.RunCertificate;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpConnector;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpSendSide;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpListener;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tcp transport's TLS with real sockets and real socat: what an observer on the path records is
 * neither the token nor the data; a peer that knows the token but not the handshake cannot inject;
 * a peer in the receiver's place gets nothing; a wrong certificate fails the transfer in one line;
 * and what arrives is exactly what was sent.
 */
class TcpTlsTest {
    private static final String HOST = "127.0.0.1";
    private static final TransferOptions OPTIONS = TransferOptions.defaults()
            .withTimes(Duration.ofMillis(200), Duration.ofSeconds(20), Duration.ofSeconds(30));
    private final List<Process> helpers = new ArrayList<>();

    @AfterEach
    void endHelpers() throws Exception {
        for (Process helper : helpers) {
            helper.destroyForcibly();
            helper.waitFor();
        }
        assertThat(Processes.liveChildren()).isEmpty();
    }

    @Test
    void shouldShowAnObserverOnThePathNeitherTokenNorDataAndDeliverExactBytes(@TempDir Path dir) throws Exception {
        Recorded tls = sendThroughRecordingRelay(OPTIONS, dir.resolve("tls"));
        Recorded plain = sendThroughRecordingRelay(OPTIONS.withTcpPlaintext(true), dir.resolve("plain"));

        for (Recorded run : List.of(tls, plain)) {
            assertThat(sha256(run.received)).isEqualTo(sha256(run.sent));
            assertThat(run.received).hasSize(run.sent.length);
        }
        assertThat(contains(tls.wire, tls.token.getBytes(StandardCharsets.US_ASCII))).isFalse();
        assertThat(contains(tls.wire, java.util.Arrays.copyOf(tls.sent, 64))).isFalse();
        assertThat(tls.wire.length).isGreaterThan(tls.sent.length); // all of it went over the relay, encrypted
        // the same observer reads both in plaintext: the recording is what crossed
        assertThat(contains(plain.wire, plain.token.getBytes(StandardCharsets.US_ASCII))).isTrue();
        assertThat(contains(plain.wire, java.util.Arrays.copyOf(plain.sent, 64))).isTrue();
    }

    @Test
    void shouldRefuseAPeerThatKnowsTheTokenButNotTheHandshake(@TempDir Path dir) throws Exception {
        byte[] data = random(2 << 20, 7);
        Path source = Files.write(dir.resolve("source.bin"), data);
        Path received = dir.resolve("received.bin");
        List<String> refusals = new CopyOnWriteArrayList<>();
        TcpListener listener = TcpListener.listen(ProcessSite.local(), HOST, 0, OPTIONS, dir);
        try {
            // the stray has the token (stolen, guessed) and its own stream, and speaks plain TCP
            Path forged = Files.write(dir.resolve("forged.bin"), (listener.token() + "INJECTED").getBytes(
                    StandardCharsets.US_ASCII));
            Process stray = start("socat", "-u", "OPEN:" + forged, "TCP:" + HOST + ":" + listener.port());
            assertThat(stray.waitFor(10, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(1000);
            RunningPipeline pipeline = new RunningPipeline();
            try {
                TcpConnector.connect(pipeline, ProcessSite.local(), new TcpSendSide(HOST, listener.port(),
                        listener.token(), listener.certificate()), List.of(new StageCommand("source", List.of("cat", source.toString()))),
                        OPTIONS, dir);
                listener.acceptAndStart(pipeline, ProcessSite.local(),
                        List.of(new StageCommand("sink", List.of("tee", received.toString()))), dir, refusals::add);
                awaitEnd(pipeline);
            } finally {
                pipeline.destroy();
            }
        } finally {
            listener.close();
        }
        assertThat(refusals).hasSize(1);
        assertThat(refusals.get(0)).startsWith("The connection from 127.0.0.1:").contains(" failed the TLS handshake (")
                .endsWith("; it was refused and zfs recv was not started");
        assertThat(Files.readAllBytes(received)).isEqualTo(data);
    }

    @Test
    void shouldGiveAPeerInTheReceiversPlaceNothingAndFailInOneLine(@TempDir Path dir) throws Exception {
        PinnedCertificate receivers = RunCertificate.generate().pin();
        String token = "0123456789abcdef0123456789abcdef";
        // an impostor with a certificate of its own, and one that speaks no TLS at all; both record what they get
        RunCertificate.KeyFiles own = RunCertificate.generate().write(dir);
        Path gotTls = dir.resolve("impostor-tls.bin");
        int tlsPort = freePort();
        start("socat", "-u", "OPENSSL-LISTEN:" + tlsPort + ",bind=" + HOST + ",reuseaddr,fork,cert=" + own.certificate()
                + ",key=" + own.key() + ",verify=0", "OPEN:" + gotTls + ",creat,append");
        java.io.ByteArrayOutputStream gotPlain = new java.io.ByteArrayOutputStream();
        java.net.ServerSocket plainImpostor = new java.net.ServerSocket(0, 50, java.net.InetAddress.getByName(HOST));
        Thread recorder = new Thread(() -> record(plainImpostor, gotPlain));
        recorder.start();
        Thread.sleep(500);
        TransferOptions quick = OPTIONS.withTimes(Duration.ofMillis(200), Duration.ofSeconds(2), Duration.ofSeconds(10));

        try {
            for (int port : List.of(tlsPort, plainImpostor.getLocalPort())) {
                RunningPipeline pipeline = new RunningPipeline();
                try {
                    TcpConnector.connect(pipeline, ProcessSite.local(), new TcpSendSide(HOST, port, token, receivers),
                            List.of(new StageCommand("source", List.of("echo", "SECRET-DATA"))), quick, dir);
                    awaitEnd(pipeline);
                    assertThat(pipeline.failed()).isTrue();
                    String failure = pipeline.failureText();
                    assertThat(failure).doesNotContain("\n").contains("socat connect exited 1: ").contains("SSL_connect");
                    if (port == tlsPort) {
                        assertThat(failure).contains("certificate verify failed").endsWith("The peer did not present the "
                                + "pinned certificate: it is not the receiver of this run (or the certificate given "
                                + "to the sender is not the receiver's); nothing was sent");
                    }
                } finally {
                    pipeline.destroy();
                }
            }
        } finally {
            plainImpostor.close();
            recorder.join(10_000);
        }
        assertThat(Files.exists(gotTls) ? Files.readAllBytes(gotTls) : new byte[0]).isEmpty();
        byte[] plain = gotPlain.toByteArray(); // TLS ClientHellos: no token, no data
        assertThat(plain).isNotEmpty();
        assertThat(contains(plain, token.getBytes(StandardCharsets.US_ASCII))).isFalse();
        assertThat(contains(plain, "SECRET-DATA".getBytes(StandardCharsets.US_ASCII))).isFalse();
    }

    /** Accepts until closed; keeps what each connection sends in its first half second, then hangs up. */
    private static void record(java.net.ServerSocket server, java.io.ByteArrayOutputStream got) {
        while (!server.isClosed()) {
            try (java.net.Socket socket = server.accept()) {
                socket.setSoTimeout(500);
                byte[] buffer = new byte[4096];
                try {
                    for (int n = socket.getInputStream().read(buffer); n > 0; n = socket.getInputStream().read(buffer)) {
                        synchronized (got) {
                            got.write(buffer, 0, n);
                        }
                    }
                } catch (java.net.SocketTimeoutException e) {
                    // said its hello and waits for ours: hang up
                }
            } catch (java.io.IOException e) {
                // closed: the test is over
            }
        }
    }

    @Test
    void shouldRefuseTheControlChannelOfAReceiverWithAnotherCertificate(@TempDir Path dir) throws Exception {
        ReplicationPlan plan = new ReplicationPlan(Instant.parse("2026-01-01T00:00:00Z"), "a", "b",
                List.of(DatasetName.of("tank")), DatasetName.of("backup"), List.of());
        ExecutorService threads = Executors.newCachedThreadPool();
        try (ReceiveServer server = ReceiveServer.open(plan, new ReceiveServer.Receiving(ProcessSite.local(),
                new ZfsStreamCommands(), Preflight.NONE, Set.of(), OPTIONS, dir),
                new ReceiveServer.Addresses(HOST, HOST, HOST, 0))) {
            ReceiveEndpoints real = server.endpoints();
            Future<ReceiveServer.Report> serving = threads.submit(server::serve);
            PinnedCertificate other = RunCertificate.generate().pin();
            ReceiveEndpoints forged = new ReceiveEndpoints(real.host(), real.lanePorts(), real.controlHost(),
                    real.controlPort(), real.controlToken(), real.stepTokens(), other);

            Throwable refused = catchThrowable(() -> RemoteReceiverTransport.connect(forged, plan, OPTIONS));
            Throwable plaintext = catchThrowable(() -> RemoteReceiverTransport.connect(real, plan,
                    OPTIONS.withTcpPlaintext(true)));
            RemoteReceiverTransport.connect(real, plan, OPTIONS).close();

            assertThat(refused).isInstanceOf(TransferException.class).hasMessageStartingWith(
                    "The receiving side's control channel at 127.0.0.1:" + real.controlPort() + " failed the TLS "
                            + "handshake with the pinned certificate sha256 " + other.fingerprint() + ": ")
                    .hasMessageContaining("the receiver presented the certificate sha256 "
                            + real.certificate().fingerprint() + ", not the pinned " + other.fingerprint());
            assertThat(plaintext).isInstanceOf(TransferException.class).hasMessage("The receiving side speaks TLS but "
                    + "plaintext was asked for: both sides must choose plaintext");
            ReceiveServer.Report report = serving.get(30, TimeUnit.SECONDS);
            assertThat(report.steps()).isEmpty();
        } finally {
            threads.shutdownNow();
        }
    }

    private record Recorded(byte[] sent, byte[] received, byte[] wire, String token) {
    }

    /** One transfer whose sender connects through a relay that records what goes from sender to receiver. */
    private Recorded sendThroughRecordingRelay(TransferOptions options, Path dir) throws Exception {
        Files.createDirectories(dir);
        byte[] data = random(8 << 20, options.stream().tcpPlaintext() ? 2 : 1);
        Path source = Files.write(dir.resolve("source.bin"), data);
        Path received = dir.resolve("received.bin");
        Path wire = dir.resolve("wire.bin");
        TcpListener listener = TcpListener.listen(ProcessSite.local(), HOST, 0, options, dir);
        try {
            int relayPort = freePort();
            Process relay = start("socat", "-r", wire.toString(), "TCP-LISTEN:" + relayPort + ",bind=" + HOST
                    + ",reuseaddr", "TCP:" + HOST + ":" + listener.port());
            Thread.sleep(300);
            RunningPipeline pipeline = new RunningPipeline();
            try {
                TcpConnector.connect(pipeline, ProcessSite.local(), new TcpSendSide(HOST, relayPort,
                        listener.token(), listener.certificate()), List.of(new StageCommand("source", List.of("cat", source.toString()))),
                        options, dir);
                listener.acceptAndStart(pipeline, ProcessSite.local(),
                        List.of(new StageCommand("sink", List.of("tee", received.toString()))), dir);
                awaitEnd(pipeline);
                assertThat(pipeline.failed()).as(pipeline.failureText()).isFalse();
            } finally {
                pipeline.destroy();
            }
            assertThat(relay.waitFor(10, TimeUnit.SECONDS)).isTrue();
            return new Recorded(data, Files.readAllBytes(received), Files.readAllBytes(wire), listener.token());
        } finally {
            listener.close();
        }
    }

    private static void awaitEnd(RunningPipeline pipeline) throws InterruptedException {
        for (int i = 0; i < 1200 && !pipeline.finished() && !pipeline.failed(); i++) {
            Thread.sleep(50);
        }
        assertThat(pipeline.finished() || pipeline.failed()).as(pipeline.waitingText()).isTrue();
    }

    private Process start(String... argv) throws Exception {
        Process process = new ProcessBuilder(argv).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        helpers.add(process);
        return process;
    }

    private static int freePort() throws Exception {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static byte[] random(int size, long seed) {
        byte[] data = new byte[size];
        new Random(seed).nextBytes(data);
        return data;
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
