package io.jenkins.plugins.zfsreplication.transfer.tcp;

import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.Spawner;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferCancelledException;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The receiving side of the tcp transport. socat listens (port 0: any free port), accepts exactly
 * one connection (no fork: the listening socket closes after it) and writes what arrives into a
 * named pipe. The JVM reads only the first {@value #TOKEN_LENGTH} bytes from that pipe, the
 * one-time token; only when they match does it start {@code zfs recv}, reading the same pipe.
 * The stream after the token goes socket -> socat -> pipe -> zfs recv without touching the JVM.
 */
public final class TcpListener implements AutoCloseable {
    /** 128 random bits as 32 hex characters. */
    public static final int TOKEN_LENGTH = 32;
    /** socat's transfer block: its default of 8 KiB costs a third of the throughput on loopback. */
    static final String SOCAT_BLOCK = "131072";
    private static final Pattern LISTENING = Pattern.compile("listening on AF=\\d+ (\\S+):(\\d+)");
    private static final Pattern ACCEPTED = Pattern.compile("accepting connection from AF=\\d+ (\\S+)");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Fifo fifo;
    private final RunningPipeline.Stage socat;
    private final String host;
    private final int port;
    private final String token;
    private final Duration acceptTimeout;
    private boolean handedOver;
    /** True while the token is being read: only then may the watchdog close the pipe (guarded by this). */
    private boolean reading;

    private TcpListener(Fifo fifo, RunningPipeline.Stage socat, String host, int port, String token,
                        Duration acceptTimeout) {
        this.fifo = fifo;
        this.socat = socat;
        this.host = host;
        this.port = port;
        this.token = token;
        this.acceptTimeout = acceptTimeout;
    }

    /** Starts listening on {@code bindAddress:port} (port 0: any free one) under {@code launcher}. */
    public static TcpListener listen(ProcessSite launcher, String bindAddress, int port, TransferOptions options,
                                     Path workDir) {
        checkAddress(bindAddress);
        if (port < 0 || port > 65535) {
            throw new TransferException("Port %d is not a TCP port (0-65535; 0 = any free port)", port);
        }
        byte[] random = new byte[TOKEN_LENGTH / 2];
        RANDOM.nextBytes(random);
        Fifo fifo = Fifo.create(workDir.resolve("recv-" + Long.toHexString(RANDOM.nextLong()) + ".fifo"));
        List<String> argv = List.of("socat", "-u", "-b", SOCAT_BLOCK, "-d", "-d", "-T", seconds(options.silenceTimeout()),
                "TCP-LISTEN:" + port + ",bind=" + bindAddress + ",reuseaddr,accept-timeout="
                        + seconds(options.acceptTimeout()), "STDOUT");
        RunningPipeline.Stage socat;
        try {
            socat = Spawner.start(launcher, List.of(new StageCommand("socat listen", argv)), null,
                    Redirect.to(fifo.path().toFile()), workDir).get(0);
        } catch (RuntimeException e) {
            fifo.close();
            throw e;
        }
        Matcher listening = awaitLine(socat, LISTENING, Duration.ofSeconds(20));
        if (listening == null) {
            String reason = RunningPipeline.describeFailure(socat);
            socat.process().descendants().forEach(ProcessHandle::destroyForcibly);
            socat.process().destroyForcibly();
            fifo.close();
            throw new TransferException("Cannot listen on %s:%d: %s", bindAddress, port, reason);
        }
        return new TcpListener(fifo, socat, bindAddress, Integer.parseInt(listening.group(2)),
                HexFormat.of().formatHex(random), options.acceptTimeout());
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    /** The one-time token the sender must present; travels to the sender over a trusted channel. */
    public String token() {
        return token;
    }

    /**
     * Waits for the connection and its token, then starts {@code receiveSide} reading the rest of
     * the stream. Adds socat and the started stages to {@code pipeline}.
     *
     * @throws TransferException when no sender connects in time or it presents a wrong token: then
     *                           socat is ended and no stage of {@code receiveSide} was started
     */
    public void acceptAndStart(RunningPipeline pipeline, ProcessSite launcher, List<StageCommand> receiveSide,
                               Path workDir) {
        acceptAndStart(pipeline, launcher, workDir, TOKEN_LENGTH, header -> {
            if (!MessageDigest.isEqual(header, token.getBytes(StandardCharsets.US_ASCII))) {
                throw new Refusal("presented a wrong token");
            }
            return receiveSide;
        });
    }

    /**
     * What a connection's first bytes must be: the check returns the receiving stages to start, or
     * throws {@link Refusal} with the reason (then nothing is started).
     */
    @FunctionalInterface
    public interface HeaderCheck {
        List<StageCommand> accept(byte[] header);
    }

    /** Why a connection's header was refused ("presented a wrong token"), to follow "The connection from PEER". */
    public static final class Refusal extends TransferException {
        private static final long serialVersionUID = 1L;

        public Refusal(String reason) {
            super("%s", reason);
        }
    }

    /**
     * Waits for the connection and its {@code headerLength} first bytes; only when {@code check}
     * accepts them are the stages it returns started, reading the rest of the stream.
     *
     * @throws TransferException when no sender connects in time or {@code check} refuses: then socat
     *                           is ended and no receiving stage was started
     */
    public void acceptAndStart(RunningPipeline pipeline, ProcessSite launcher, Path workDir, int headerLength,
                               HeaderCheck check) {
        byte[] presented = readToken(headerLength, () -> !pipeline.failedStages().isEmpty());
        String peer = peer();
        if (presented.length < headerLength) {
            close();
            if (!pipeline.failedStages().isEmpty()) {
                throw new TransferException("The sender could not reach %s:%d: %s; zfs recv was not started", host,
                        port, pipeline.failureText());
            }
            throw new TransferException(peer == null
                    ? String.format("No sender connected to %s:%d within %s s; zfs recv was not started", host, port,
                    seconds(acceptTimeout))
                    : String.format("The connection from %s did not present the token within %s s; it was refused and "
                    + "zfs recv was not started", peer, seconds(acceptTimeout)));
        }
        if (!fifo.isOpen()) {
            // the watchdog closed the pipe just as the token arrived (at the deadline): zfs recv must not
            // open the pipe by name now, because with our end closed and socat gone that open() would
            // block for ever (a FIFO open waits for a writer, and no interrupt ends it)
            close();
            throw new TransferException("The token from %s arrived only at the accept timeout of %s s; zfs recv was "
                    + "not started", peer == null ? "an unknown peer" : peer, seconds(acceptTimeout));
        }
        List<StageCommand> receiveSide;
        try {
            receiveSide = check.accept(presented);
        } catch (Refusal refusal) {
            close();
            throw new TransferException("The connection from %s %s; it was refused and zfs recv was not started",
                    peer == null ? "an unknown peer" : peer, refusal.getMessage());
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        pipeline.add(socat);
        handedOver = true;
        try {
            Spawner.start(launcher, receiveSide, Redirect.from(fifo.path().toFile()), null, workDir)
                    .forEach(pipeline::add);
        } finally {
            fifo.close(); // zfs recv holds the pipe now: EOF reaches it when socat ends
        }
    }

    /** The first bytes, or fewer when the deadline passed or socat ended without them. */
    private byte[] readToken(int length, java.util.function.BooleanSupplier senderFailed) {
        Thread reader = Thread.currentThread();
        long deadline = System.nanoTime() + acceptTimeout.toNanos();
        Thread watchdog = new Thread(() -> watch(deadline, senderFailed), "tcp-accept-watchdog");
        watchdog.setDaemon(true);
        synchronized (this) {
            reading = true;
        }
        watchdog.start();
        try {
            return fifo.readExactly(length);
        } catch (IOException e) {
            if (reader.isInterrupted() || Thread.interrupted()) {
                close();
                throw new TransferCancelledException("Cancelled while waiting for the sender on %s:%d", host, port);
            }
            return new byte[0];
        } finally {
            synchronized (this) {
                reading = false;
            }
            watchdog.interrupt();
        }
    }

    /** Closes the pipe (ending the blocked read) at the deadline or soon after socat ended. */
    private void watch(long deadline, java.util.function.BooleanSupplier senderFailed) {
        try {
            while (System.nanoTime() < deadline) {
                if (!socat.process().isAlive() || senderFailed.getAsBoolean()) {
                    Thread.sleep(2000); // what socat wrote before it ended is still read first
                    break;
                }
                Thread.sleep(50);
            }
            synchronized (this) {
                if (reading) {
                    fifo.close();
                }
            }
        } catch (InterruptedException e) {
            // the token was read or the wait was cancelled
        }
    }

    private String peer() {
        Matcher accepted = findLine(socat.stderr(), ACCEPTED);
        return accepted == null ? null : accepted.group(1);
    }

    private static Matcher awaitLine(RunningPipeline.Stage stage, Pattern pattern, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Matcher matcher = findLine(stage.stderr(), pattern);
            if (matcher != null) {
                return matcher;
            }
            if (!stage.process().isAlive()) {
                return findLine(stage.stderr(), pattern);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                stage.process().descendants().forEach(ProcessHandle::destroyForcibly);
                stage.process().destroyForcibly();
                Thread.currentThread().interrupt();
                throw new TransferCancelledException("Cancelled while starting to listen");
            }
        }
        return null;
    }

    private static Matcher findLine(Path file, Pattern pattern) {
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                Matcher matcher = pattern.matcher(line);
                if (matcher.find()) {
                    return matcher;
                }
            }
        } catch (IOException e) {
            // not written yet
        }
        return null;
    }

    public static void checkAddress(String address) {
        // socat separates options with ',' and addresses with ':': neither may come in through a name
        if (!address.matches("[A-Za-z0-9.-]+|\\[[0-9A-Fa-f:.]+\\]")) {
            throw new TransferException("Invalid address '%s': give a host name, an IPv4 address or [IPv6]", address);
        }
    }

    static String seconds(Duration duration) {
        return String.format(java.util.Locale.ROOT, "%.3f", duration.toMillis() / 1000.0);
    }

    /** Ends socat unless the connection was handed over to a pipeline. */
    @Override
    public void close() {
        fifo.close();
        if (!handedOver) {
            // the stage is socat's metering shell: end socat itself first, or it lives on as an orphan
            // (listening until its accept timeout and, under ip netns exec, pinning the mounts of its namespace)
            socat.process().descendants().forEach(ProcessHandle::destroyForcibly);
            socat.process().destroyForcibly();
            try {
                socat.process().waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
