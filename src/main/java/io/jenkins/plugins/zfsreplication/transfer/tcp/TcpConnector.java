package io.jenkins.plugins.zfsreplication.transfer.tcp;

import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.Spawner;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The sending side of the tcp transport: socat connects to the receiver (TLS, trusting only the
 * receiver's pinned certificate, unless plaintext was asked for) and reads a named pipe;
 * the JVM writes the token into the pipe first, then the sending stages write their stream into
 * it. The token is the only thing the JVM ever writes.
 */
public final class TcpConnector {
    /**
     * A refused connect is tried again this often: the receiver listens anew right after it refused
     * a stray connection, and is not listening while it reads a stray's first bytes.
     */
    static final java.time.Duration RETRY_INTERVAL = java.time.Duration.ofMillis(250);

    private TcpConnector() {
    }

    /**
     * Enough refused connects to outlast the receiver's accept timeout. A receiver that drops the
     * packets instead makes each try last the connect timeout; the engine's stall check ends that.
     */
    static long retries(TransferOptions options) {
        return Math.max(1, options.times().acceptTimeout().toMillis() / RETRY_INTERVAL.toMillis());
    }

    /**
     * Starts {@code sendSide} streaming to the receiver's host and port after its token; adds the stages
     * to {@code pipeline}. Over TLS that trusts only its certificate, unless the options ask for plaintext
     * by name (then the certificate must be null: a receiver that made a certificate speaks TLS).
     */
    public static void connect(RunningPipeline pipeline, ProcessSite launcher, TcpSendSide receiver,
                               List<StageCommand> sendSide, TransferOptions options, Path workDir) {
        String host = receiver.host();
        int port = receiver.port();
        String token = receiver.token();
        PinnedCertificate pinned = receiver.certificate();
        // the address and port were checked as the receiver was named; the token, or a step's token,
        // its id and mode (the receiving side of a whole plan, ReceiveServer)
        if (!token.matches("[0-9a-f]{" + TcpListener.TOKEN_LENGTH + "}([0-9a-f]{" + ReceiveLedger.STEP_ID_LENGTH
                + "}[fr])?")) {
            throw new TransferException("The token must be %d hex digits as the receiver printed it",
                    TcpListener.TOKEN_LENGTH);
        }
        if (options.stream().tcpPlaintext() != (pinned == null)) {
            throw new TransferException(options.stream().tcpPlaintext()
                    ? "The receiver at %s:%d speaks TLS (it gave a certificate) but plaintext was asked for: both sides "
                    + "must choose plaintext" : "No certificate of the receiver at %s:%d to pin: give the one it printed "
                    + "with its token, or choose plaintext on both sides", host, port);
        }
        String retry = ",connect-timeout=" + TcpListener.seconds(options.times().acceptTimeout()) + ",retry="
                + retries(options) + ",interval=" + TcpListener.seconds(RETRY_INTERVAL);
        // verify=1 with the pinned certificate as the only authority: the handshake succeeds only with
        // the holder of the run's key; commonname is the certificate's fixed name, not the address
        String address = pinned == null ? "TCP:" + host + ":" + port + retry
                : "OPENSSL:" + host + ":" + port + retry + ",cafile=" + TcpListener.socatPath(pinned.write(workDir))
                + ",verify=1,commonname=" + RunCertificate.COMMON_NAME + ",nosni=1," + TcpListener.TLS_VERSION;
        List<String> argv = List.of("socat", "-u", "-b", TcpListener.SOCAT_BLOCK, "-T",
                TcpListener.seconds(options.times().silenceTimeout()), "STDIN", address);
        try (Fifo fifo = Fifo.create(workDir.resolve("send-" + Long.toHexString(ThreadLocalRandom.current().nextLong())
                + ".fifo"))) {
            RunningPipeline.Stage socat = Spawner.start(launcher, List.of(new StageCommand("socat connect", argv)),
                    Redirect.from(fifo.path().toFile()), null, workDir).get(0);
            List<RunningPipeline.Stage> senders;
            try {
                fifo.write(token.getBytes(StandardCharsets.US_ASCII));
                senders = Spawner.start(launcher, sendSide, null, Redirect.appendTo(fifo.path().toFile()), workDir);
            } catch (IOException | RuntimeException e) {
                socat.process().destroyForcibly();
                throw e instanceof TransferException te ? te
                        : new TransferException(e, "Cannot start sending to %s:%d: %s", host, port, e.getMessage());
            }
            senders.forEach(pipeline::add);
            pipeline.add(socat);
        }
    }
}
