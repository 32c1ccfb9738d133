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
 *
 * <p>Unless plaintext is asked for by name, socat speaks TLS 1.3 with a certificate made for this
 * listener ({@link RunCertificate}); the sender trusts only that certificate ({@link #certificate()},
 * handed over with the token), so the token and the stream cross the network encrypted, and a peer
 * that does not complete the handshake never reaches the token check.
 *
 * <p>Whatever connects first cannot end the receiving side: a connection that resets, says nothing,
 * trickles, or presents wrong bytes is refused on its own ({@link #TOKEN_WINDOW} at most from its
 * accept to its last token byte, one deadline for all of them, never more than the token's bytes
 * read), and socat listens again on the same port until the right token arrives or the accept
 * timeout passes. The sender retries its connect meanwhile ({@link TcpConnector}).
 */
public final class TcpListener implements AutoCloseable {
    /** 128 random bits as 32 hex characters. */
    public static final int TOKEN_LENGTH = 32;
    /** socat's transfer block: its default of 8 KiB costs a third of the throughput on loopback. */
    static final String SOCAT_BLOCK = "131072";
    /** Both sides speak TLS 1.3 only (socat 1.7.4 and OpenSSL 1.1.1 or later). */
    static final String TLS_VERSION = "openssl-min-proto-version=TLS1.3";
    private static final Pattern LISTENING = Pattern.compile("listening on AF=\\d+ (\\S+):(\\d+)");
    /** socat names the peer, or NULL when it reset before the accept (getpeername fails then). */
    private static final Pattern ACCEPTED = Pattern.compile("accepting connection from (?:AF=\\d+ (\\S+)|NULL)");
    /** The peer of a connection that was reset before socat accepted it. */
    static final String GONE_PEER = "a peer that reset before it was accepted";
    private static final Pattern HANDSHAKE_FAILED = Pattern.compile("SSL_accept\\(\\): (.*)");
    private static final SecureRandom RANDOM = new SecureRandom();

    /**
     * How long one connection may take from its accept to its token's last byte: the sender writes
     * the token as soon as it is connected, so only a stray or a hostile peer takes longer.
     */
    static final Duration TOKEN_WINDOW = Duration.ofSeconds(5);
    /**
     * How long the next listener refuses the address whose connection was just refused (over TLS),
     * while another peer may connect: long enough for a sender that retries every 0.25 s. A flooding
     * peer so gets at most every other connection of the lane, each bounded by {@link #TOKEN_WINDOW}.
     */
    static final Duration TURN = Duration.ofSeconds(1);

    private final ProcessSite launcher;
    private final TransferOptions options;
    private final Path workDir;
    private final String host;
    private final int port;
    private final String token;
    private final Duration acceptTimeout;
    /** socat's certificate and key; null: plaintext (asked for by name). */
    private final RunCertificate.KeyFiles tls;
    /** What the sender pins; null: plaintext. */
    private final PinnedCertificate certificate;
    /** Refusals by peer address on this lane: a peer's turns are bounded, whatever it sends. */
    private final java.util.Map<String, Integer> refusedByAddress = new java.util.HashMap<>();
    /** The address whose connection was refused last: refused for one {@link #TURN} while others connect. */
    private String lastRefused;
    /** The current connection's listener and pipe: a new pair after each refused connection. */
    private volatile Fifo fifo;
    private volatile RunningPipeline.Stage socat;
    private boolean handedOver;
    /** Set by {@link #close()}: no new listening after that. */
    private volatile boolean closed;
    /** True while the token is being read: only then may the watchdog close the pipe (guarded by this). */
    private boolean reading;

    private TcpListener(ProcessSite launcher, TransferOptions options, Path workDir, Listening listening, String host,
                        String token, RunCertificate.KeyFiles tls, PinnedCertificate certificate) {
        this.tls = tls;
        this.certificate = certificate;
        this.launcher = launcher;
        this.options = options;
        this.workDir = workDir;
        this.fifo = listening.fifo();
        this.socat = listening.socat();
        this.host = host;
        this.port = listening.port();
        this.token = token;
        this.acceptTimeout = options.times().acceptTimeout();
    }

    /** One socat listening for one connection, writing into its own pipe. */
    private record Listening(Fifo fifo, RunningPipeline.Stage socat, int port) {
    }

    /**
     * Starts listening on {@code bindAddress:port} (port 0: any free one) under {@code launcher}: with
     * TLS and a certificate made for this listener unless the options ask for plaintext by name.
     */
    public static TcpListener listen(ProcessSite launcher, String bindAddress, int port, TransferOptions options,
                                     Path workDir) {
        if (options.stream().tcpPlaintext()) {
            return listen(launcher, bindAddress, port, options, workDir, null, null);
        }
        RunCertificate certificate = RunCertificate.generate();
        return listen(launcher, bindAddress, port, options, workDir, certificate.write(workDir), certificate.pin());
    }

    /**
     * As {@link #listen(ProcessSite, String, int, TransferOptions, Path)} with a given certificate
     * (one for all lanes of a receiving side); {@code tls} and {@code certificate} null: plaintext.
     */
    static TcpListener listen(ProcessSite launcher, String bindAddress, int port, TransferOptions options,
                              Path workDir, RunCertificate.KeyFiles tls, PinnedCertificate certificate) {
        checkAddress(bindAddress);
        if (port < 0 || port > 65535) {
            throw new TransferException("Port %d is not a TCP port (0-65535; 0 = any free port)", port);
        }
        byte[] random = new byte[TOKEN_LENGTH / 2];
        RANDOM.nextBytes(random);
        return new TcpListener(launcher, options, workDir, start(launcher, bindAddress, port, options, workDir, tls),
                bindAddress, HexFormat.of().formatHex(random), tls, certificate);
    }

    private static Listening start(ProcessSite launcher, String bindAddress, int port, TransferOptions options,
                                   Path workDir, RunCertificate.KeyFiles tls) {
        return start(launcher, bindAddress, port, options, workDir, tls, null);
    }

    /** As above; {@code denied}: an address whose connections this listener refuses at once (tcpwrap), or null. */
    private static Listening start(ProcessSite launcher, String bindAddress, int port, TransferOptions options,
                                   Path workDir, RunCertificate.KeyFiles tls, String denied) {
        Fifo fifo = Fifo.create(workDir.resolve("recv-" + Long.toHexString(RANDOM.nextLong()) + ".fifo"));
        String listen = "TCP-LISTEN:" + port + ",bind=" + bindAddress + ",reuseaddr,accept-timeout="
                + seconds(options.times().acceptTimeout());
        if (tls != null) {
            // TLS 1.3 only; the sender is not asked for a certificate: its token, sent inside TLS, is its proof
            listen = "OPENSSL-LISTEN:" + port + ",bind=" + bindAddress + ",reuseaddr,accept-timeout="
                    + seconds(options.times().acceptTimeout()) + ",cert=" + socatPath(tls.certificate()) + ",key="
                    + socatPath(tls.key()) + ",verify=0," + TLS_VERSION;
        }
        if (denied != null) {
            listen += denyOption(workDir, denied);
        }
        List<String> argv = List.of("socat", "-u", "-b", SOCAT_BLOCK, "-d", "-d", "-T",
                seconds(options.times().silenceTimeout()), listen, "STDOUT");
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
            end(socat);
            fifo.close();
            throw new TransferException("Cannot listen on %s:%d: %s", bindAddress, port, reason);
        }
        return new Listening(fifo, socat, Integer.parseInt(listening.group(2)));
    }

    /**
     * socat's tcpwrap options refusing {@code address} before anything else happens on its connection
     * (no TLS, no token window), socat listening on for the next: a table of its own for allowed (none)
     * and denied addresses, so the host's /etc/hosts.allow and hosts.deny play no part.
     */
    private static String denyOption(Path workDir, String address) {
        String tables = Long.toHexString(RANDOM.nextLong());
        Path allow = workDir.resolve("lane-allow-" + tables);
        Path deny = workDir.resolve("lane-deny-" + tables);
        try {
            Files.writeString(allow, "");
            Files.writeString(deny, "zfsr-lane: " + address + "\n");
        } catch (IOException e) {
            throw new TransferException(e, "Cannot write the lane's deny table in %s: %s", workDir, e.getMessage());
        }
        return ",tcpwrap=zfsr-lane,allow-table=" + socatPath(allow) + ",deny-table=" + socatPath(deny);
    }

    /** The address of "ADDRESS:PORT" as socat names a peer ("[v6]:port" for IPv6), or null for a peer gone before it. */
    static String address(String peer) {
        if (peer == null || peer.equals(GONE_PEER) || peer.lastIndexOf(':') <= 0) {
            return null;
        }
        String address = peer.substring(0, peer.lastIndexOf(':'));
        return address.matches("[0-9.]+|\\[[0-9A-Fa-f:.]+\\]") ? address : null;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    /** The certificate the sender must pin, null for plaintext; travels with the token. */
    public PinnedCertificate certificate() {
        return certificate;
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
        acceptAndStart(pipeline, launcher, receiveSide, workDir, refused -> { });
    }

    /** As {@link #acceptAndStart(RunningPipeline, ProcessSite, List, Path)}, telling {@code refused} each refusal. */
    public void acceptAndStart(RunningPipeline pipeline, ProcessSite launcher, List<StageCommand> receiveSide,
                               Path workDir, java.util.function.Consumer<String> refused) {
        acceptAndStart(pipeline, launcher, workDir, TOKEN_LENGTH, header -> {
            if (!MessageDigest.isEqual(header, token.getBytes(StandardCharsets.US_ASCII))) {
                throw new Refusal("presented a wrong token");
            }
            return receiveSide;
        }, refused);
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
        acceptAndStart(pipeline, launcher, workDir, headerLength, check, refused -> { });
    }

    /**
     * As {@link #acceptAndStart(RunningPipeline, ProcessSite, Path, int, HeaderCheck)}, telling
     * {@code refused} why each connection before the right one was refused.
     */
    public void acceptAndStart(RunningPipeline pipeline, ProcessSite launcher, Path workDir, int headerLength,
                               HeaderCheck check, java.util.function.Consumer<String> refused) {
        long deadline = System.nanoTime() + acceptTimeout.toNanos();
        String lastRefusal = null;
        int refusals = 0;
        while (true) {
            // while the last refused address waits its turn, nobody connecting within the turn ends it
            long turn = lastRefused == null ? deadline : Math.min(deadline, System.nanoTime() + TURN.toNanos());
            byte[] presented = readToken(headerLength, turn, deadline, () -> !pipeline.failedStages().isEmpty());
            String peer = peer();
            String who = peer == null ? "an unknown peer" : peer;
            String refusal;
            List<StageCommand> receiveSide = null;
            if (presented.length < headerLength) {
                if (!pipeline.failedStages().isEmpty()) {
                    close();
                    throw new TransferException("The sender could not reach %s:%d: %s; zfs recv was not started",
                            host, port, pipeline.failureText());
                }
                Matcher handshake = tls == null || peer == null ? null : findLine(socat.stderr(), HANDSHAKE_FAILED);
                refusal = peer == null ? null : handshake != null
                        ? String.format("The connection from %s failed the TLS handshake (%s)", peer, handshake.group(1))
                        : String.format("The connection from %s did not present the token within %s s", peer,
                        seconds(TOKEN_WINDOW.compareTo(acceptTimeout) < 0 ? TOKEN_WINDOW : acceptTimeout));
            } else if (!fifo.isOpen()) {
                // the watchdog closed the pipe just as the token arrived (at the deadline): zfs recv must not
                // open the pipe by name now, because with our end closed and socat gone that open() would
                // block for ever (a FIFO open waits for a writer, and no interrupt ends it)
                refusal = String.format("The token from %s arrived only at its deadline", who);
            } else {
                try {
                    receiveSide = check.accept(presented);
                    refusal = null;
                } catch (Refusal e) {
                    refusal = String.format("The connection from %s %s", who, e.getMessage());
                } catch (RuntimeException e) {
                    close();
                    throw e;
                }
            }
            if (receiveSide != null) {
                handOver(pipeline, launcher, receiveSide, workDir);
                return;
            }
            if (refusal != null) {
                refusals++;
                lastRefusal = refusal;
                refused.accept(refusal + "; it was refused and zfs recv was not started");
                // over TLS only: a sender refused by tcpwrap fails its handshake and connects again (socat's
                // retry), where a plaintext sender has written its stream into the refused connection already
                lastRefused = tls == null ? null : address(peer);
            } else if (peer == null) {
                lastRefused = null; // a turn passed with nobody connecting: everyone may connect again
            }
            if (closed) {
                throw new TransferCancelledException("Stopped listening on %s:%d", host, port);
            }
            if (System.nanoTime() - deadline >= 0) {
                close();
                throw new TransferException(lastRefusal == null
                        ? String.format("No sender connected to %s:%d within %s s; zfs recv was not started", host,
                        port, seconds(acceptTimeout))
                        : String.format("%s; it was refused and zfs recv was not started (%d connection%s refused, "
                        + "none presented the token within %s s)", lastRefusal, refusals, refusals == 1 ? "" : "s",
                        seconds(acceptTimeout)));
            }
            listenAgain();
        }
    }

    private void handOver(RunningPipeline pipeline, ProcessSite launcher, List<StageCommand> receiveSide,
                          Path workDir) {
        pipeline.add(socat);
        handedOver = true;
        try {
            Spawner.start(launcher, receiveSide, Redirect.from(fifo.path().toFile()), null, workDir)
                    .forEach(pipeline::add);
        } finally {
            fifo.close(); // zfs recv holds the pipe now: EOF reaches it when socat ends
        }
    }

    /** Ends the refused connection and listens on the same port for the next one. */
    private void listenAgain() {
        fifo.close();
        end(socat);
        try {
            Files.deleteIfExists(fifo.path());
        } catch (IOException e) {
            // a leftover pipe in the private work directory harms nothing
        }
        Listening next = start(launcher, host, port, options, workDir, tls, lastRefused);
        fifo = next.fifo();
        socat = next.socat();
        if (closed) { // closed while socat started: it must not outlive us
            next.fifo().close();
            end(next.socat());
        }
    }

    /**
     * The first bytes, or fewer when the deadline passed, the connection took longer than
     * {@link #TOKEN_WINDOW} from its accept, or socat ended without them.
     */
    private byte[] readToken(int length, long waitUntil, long deadline, java.util.function.BooleanSupplier senderFailed) {
        Thread reader = Thread.currentThread();
        Fifo reading = fifo;
        RunningPipeline.Stage listening = socat;
        Thread watchdog = new Thread(() -> watch(reading, listening, waitUntil, deadline, senderFailed),
                "tcp-accept-watchdog");
        watchdog.setDaemon(true);
        synchronized (this) {
            this.reading = true;
        }
        watchdog.start();
        try {
            return reading.readExactly(length);
        } catch (IOException e) {
            if (reader.isInterrupted() || Thread.interrupted()) {
                close();
                throw new TransferCancelledException("Cancelled while waiting for the sender on %s:%d", host, port);
            }
            return new byte[0];
        } finally {
            synchronized (this) {
                this.reading = false;
            }
            watchdog.interrupt();
        }
    }

    /**
     * Closes the pipe (ending the blocked read) when nobody connected by {@code waitUntil}, at the
     * deadline, {@link #TOKEN_WINDOW} after socat accepted a connection, or soon after socat ended.
     */
    private void watch(Fifo reading, RunningPipeline.Stage listening, long waitUntil, long deadline,
                       java.util.function.BooleanSupplier senderFailed) {
        try {
            long end = waitUntil;
            boolean accepted = false;
            while (System.nanoTime() - end < 0) {
                if (senderFailed.getAsBoolean()) {
                    Thread.sleep(2000); // what socat wrote before the sender failed is still read first
                    break;
                }
                if (!listening.process().isAlive()) {
                    // what socat wrote is in the pipe, woken on: a moment for the reader, then the next connection
                    Thread.sleep(250);
                    break;
                }
                if (!accepted && acceptedPeer(listening.stderr()) != null) {
                    accepted = true;
                    long window = System.nanoTime() + TOKEN_WINDOW.toNanos();
                    end = window - deadline < 0 ? window : deadline;
                }
                Thread.sleep(50);
            }
            synchronized (this) {
                if (this.reading) {
                    reading.close();
                }
            }
        } catch (InterruptedException e) {
            // the token was read or the wait was cancelled
        }
    }

    private String peer() {
        return acceptedPeer(socat.stderr());
    }

    /**
     * The peer of the connection socat accepted and kept, null while there is none: a connection it
     * refused at once (the address waiting its turn) does not count, and socat listens on.
     */
    private static String acceptedPeer(Path stderr) {
        String peer = null;
        try {
            for (String line : Files.readAllLines(stderr, StandardCharsets.UTF_8)) {
                Matcher accepted = ACCEPTED.matcher(line);
                if (accepted.find()) {
                    peer = accepted.group(1) == null ? GONE_PEER : accepted.group(1);
                } else if (line.contains("refusing connection from")) {
                    peer = null;
                }
            }
        } catch (IOException e) {
            // not written yet
        }
        return peer;
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

    /**
     * A file name inside a socat address: socat splits addresses at ':' and options at ',', and
     * reads quotes and backslashes, so a path with any of them (or blanks) is refused.
     */
    static String socatPath(Path path) {
        String text = path.toAbsolutePath().toString();
        if (!text.matches("[A-Za-z0-9/._+@%=-]+")) {
            throw new TransferException("The work directory %s has a character socat cannot take in a file name "
                    + "(only letters, digits and / . _ + @ %% = -)", path.getParent());
        }
        return text;
    }

    static String seconds(Duration duration) {
        return String.format(java.util.Locale.ROOT, "%.3f", duration.toMillis() / 1000.0);
    }

    /** Ends socat unless the connection was handed over to a pipeline. */
    @Override
    public void close() {
        closed = true;
        fifo.close();
        if (!handedOver) {
            // the stage is socat's metering shell: end socat itself first, or it lives on as an orphan
            // (listening until its accept timeout and, under ip netns exec, pinning the mounts of its namespace)
            end(socat);
        }
    }

    private static void end(RunningPipeline.Stage socat) {
        socat.process().descendants().forEach(ProcessHandle::destroyForcibly);
        socat.process().destroyForcibly();
        try {
            socat.process().waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
