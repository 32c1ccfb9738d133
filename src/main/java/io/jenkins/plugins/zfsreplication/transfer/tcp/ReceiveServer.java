package io.jenkins.plugins.zfsreplication.transfer.tcp;

import io.jenkins.plugins.zfsreplication.transfer.Preflight;
import io.jenkins.plugins.zfsreplication.transfer.SendOption;
import io.jenkins.plugins.zfsreplication.transfer.StepOutcome;
import io.jenkins.plugins.zfsreplication.transfer.StreamCommands;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;

/**
 * The receiving side of a whole plan over tcp, for a sender on another host that runs the plan
 * with {@link RemoteReceiverTransport}. One lane per concurrent step: each lane listens
 * ({@link TcpListener}: socat, one connection at a time, on the same port again after each step),
 * checks the connection's header against the {@link ReceiveLedger} and only then starts
 * {@code zfs recv} on the socket's stream, which never passes through this JVM. Each step's verdict
 * goes back to the sender over a control connection (Java, text lines, no stream bytes), which
 * also tells when the sender is done. Interrupting {@link #serve()} ends every process.
 */
public final class ReceiveServer implements AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int CONTROL_TOKEN_MILLIS = 10_000;
    /** Control connections checked at once: enough for strays, few enough that a flood costs little. */
    private static final int CONTROL_CHECKS = 32;
    private static final java.time.Duration LANE_ACCEPT = java.time.Duration.ofDays(7);
    private final ReceiveLedger ledger;
    private final Receiving receiving;
    private final ServerSocket control;
    private final String controlToken;
    private final List<Lane> lanes;
    private final ReceiveEndpoints endpoints;
    private final Security security;
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final CompletableFuture<PrintWriter> verdicts = new CompletableFuture<>();
    /** The lanes' threads once {@link #serve()} started them: close() waits for them (see there). */
    private final List<Thread> laneThreads = new CopyOnWriteArrayList<>();
    private volatile boolean stopping;

    /**
     * What the receiving side runs and where: the launcher, stream commands and target checks of
     * its host, the options both sides use, and a private work directory.
     *
     * @param used the send options in use (for the zfs recv flags)
     */
    public record Receiving(ProcessSite launcher, StreamCommands commands, Preflight preflight, Set<SendOption> used,
                            TransferOptions options, Path workDir) {
    }

    /**
     * Where it listens.
     *
     * @param bindAddress    the data lanes' address on this host
     * @param connectAddress the same as the sender sees it
     * @param controlAddress the control channel's address (bound here, connected to by the sender)
     * @param firstPort      0: any free ports; else lanes take firstPort, firstPort+1 ..., control the next
     */
    public record Addresses(String bindAddress, String connectAddress, String controlAddress, int firstPort) {
        public Addresses {
            TcpListener.checkAddress(bindAddress);
            TcpListener.checkAddress(connectAddress);
            TcpListener.checkAddress(controlAddress);
            if (firstPort < 0 || firstPort > 65535 - 64) {
                throw new TransferException("First port %d is out of range (0 = any free port)", firstPort);
            }
        }
    }

    private ReceiveServer(ReceiveLedger ledger, Receiving receiving, ServerSocket control, String controlToken,
                          List<Lane> lanes, ReceiveEndpoints endpoints, Security security) {
        this.security = security;
        this.ledger = ledger;
        this.receiving = receiving;
        this.control = control;
        this.controlToken = controlToken;
        this.lanes = lanes;
        this.endpoints = endpoints;
    }

    /**
     * Opens one lane per concurrent step and the control channel, all with one certificate made for
     * this run (TLS) unless the options ask for plaintext; nothing is received before {@link #serve()}.
     */
    public static ReceiveServer open(ReplicationPlan plan, Receiving receiving, Addresses addresses) {
        ReceiveLedger ledger = new ReceiveLedger(plan);
        receiving.preflight().startRun(plan);
        List<Lane> lanes = new ArrayList<>();
        ServerSocket control = null;
        try {
            RunCertificate certificate = receiving.options().stream().tcpPlaintext() ? null : RunCertificate.generate();
            Security security = certificate == null ? new Security(null, null)
                    : new Security(certificate.write(receiving.workDir()), certificate.pin());
            int lanesWanted = receiving.options().concurrency();
            for (int i = 0; i < lanesWanted; i++) {
                int port = addresses.firstPort() == 0 ? 0 : addresses.firstPort() + i;
                TcpListener first = TcpListener.listen(receiving.launcher(), addresses.bindAddress(), port,
                        laneOptions(receiving.options()), receiving.workDir(), security.files(), security.pinned());
                lanes.add(new Lane(addresses.bindAddress(), first));
            }
            control = certificate == null ? new ServerSocket()
                    : certificate.serverContext().getServerSocketFactory().createServerSocket();
            int controlPort = addresses.firstPort() == 0 ? 0 : addresses.firstPort() + lanesWanted;
            control.bind(new InetSocketAddress(InetAddress.getByName(unbracket(addresses.controlAddress())), controlPort));
            byte[] random = new byte[TcpListener.TOKEN_LENGTH / 2];
            RANDOM.nextBytes(random);
            String token = HexFormat.of().formatHex(random);
            ReceiveEndpoints endpoints = new ReceiveEndpoints(addresses.connectAddress(),
                    lanes.stream().map(lane -> lane.port).toList(), addresses.controlAddress(), control.getLocalPort(),
                    token, ledger.tokens(), security.pinned());
            return new ReceiveServer(ledger, receiving, control, token, lanes, endpoints, security);
        } catch (IOException | RuntimeException e) {
            lanes.forEach(lane -> lane.current.close());
            closeQuietly(control);
            throw e instanceof TransferException te ? te
                    : new TransferException(e, "Cannot listen on %s: %s", addresses.controlAddress(), e.getMessage());
        }
    }

    /** The run's certificate files for socat and what the sender pins; both null: plaintext. */
    record Security(RunCertificate.KeyFiles files, PinnedCertificate pinned) {
    }

    /**
     * A lane waits for its next connection as long as the run lasts (it is closed when the sender is
     * done): an accept timeout would make it listen anew now and then, and a connection arriving in
     * that moment would be refused. A connection that then says nothing still ends at the silence
     * timeout (socat -T).
     */
    static TransferOptions laneOptions(TransferOptions options) {
        return options.withTimes(options.times().sampleInterval(), LANE_ACCEPT, options.times().silenceTimeout());
    }

    private static String unbracket(String address) {
        return address.startsWith("[") ? address.substring(1, address.length() - 1) : address;
    }

    public ReceiveEndpoints endpoints() {
        return endpoints;
    }

    /** What the receiving side did: every step it received or refused after a valid token, and its log. */
    public record Report(List<ReceivedStep> steps, List<String> log) implements Serializable {
        private static final long serialVersionUID = 1L;

        public Report {
            steps = List.copyOf(steps);
            log = List.copyOf(log);
        }

        public boolean succeeded() {
            return steps.stream().allMatch(step -> step.outcome() == StepOutcome.OK);
        }
    }

    /**
     * Receives until the sender says it is done (or its control connection ends). Interrupting the
     * calling thread cancels: every process of every lane is ended before this returns.
     *
     * @throws TransferException when no sender opens the control channel within the accept timeout
     */
    public Report serve() throws InterruptedException {
        for (Lane lane : lanes) {
            Thread thread = new Thread(() -> new LaneLoop(lane, this).run(), "zfsr-receive-lane-" + lane.port);
            thread.setDaemon(true);
            laneThreads.add(thread);
            thread.start();
        }
        try (Socket socket = acceptControl()) {
            PrintWriter out = new PrintWriter(socket.getOutputStream(), true, StandardCharsets.UTF_8);
            verdicts.complete(out);
            awaitEnd(socket);
        } catch (IOException e) {
            log.add("the sender's control connection failed: " + e.getMessage());
        } finally {
            stop();
        }
        return new Report(ledger.received(), log);
    }

    /**
     * Accepts until a connection presents the control token or the accept timeout passes. Each
     * connection is checked on its own thread (at most {@value #CONTROL_CHECKS} at once, more wait
     * for a slot) against one deadline for exactly the token's bytes and its newline, and any
     * error ends only that connection: a stray, silent, trickling or resetting peer cannot keep the
     * sender out.
     */
    private Socket acceptControl() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + receiving.options().times().acceptTimeout().toNanos();
        control.setSoTimeout(200);
        CompletableFuture<Socket> presented = new CompletableFuture<>();
        java.util.concurrent.Semaphore checks = new java.util.concurrent.Semaphore(CONTROL_CHECKS);
        while (System.nanoTime() - deadline < 0 && !presented.isDone()) {
            if (Thread.interrupted()) {
                presented.cancel(false);
                throw new InterruptedException("cancelled while waiting for the sender");
            }
            Socket socket;
            try {
                socket = control.accept();
            } catch (SocketTimeoutException e) {
                continue;
            }
            // at the bound, this connection waits for a slot (a silent one frees its slot at its deadline)
            if (!checks.tryAcquire(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                closeQuietly(socket);
                continue;
            }
            // a hard end for the check, TLS handshake included: a read timeout restarts with every byte
            java.util.concurrent.atomic.AtomicBoolean decided = new java.util.concurrent.atomic.AtomicBoolean();
            CompletableFuture.delayedExecutor(CONTROL_TOKEN_MILLIS, TimeUnit.MILLISECONDS).execute(() -> {
                if (decided.compareAndSet(false, true)) {
                    closeQuietly(socket);
                }
            });
            Thread check = new Thread(() -> {
                try {
                    String refusal = controlRefusal(socket);
                    if (refusal == null && !decided.compareAndSet(false, true)) {
                        refusal = "no token within " + CONTROL_TOKEN_MILLIS / 1000 + " s";
                    }
                    if (refusal != null) {
                        log.add("refused a control connection from " + peer(socket) + ": " + refusal);
                        closeQuietly(socket);
                    } else if (!presented.complete(socket)) {
                        closeQuietly(socket); // a second right token (or too late): the first one counts
                    }
                } finally {
                    checks.release();
                }
            }, "zfsr-control-check");
            check.setDaemon(true);
            check.start();
        }
        if (presented.isDone() && !presented.isCancelled()) {
            return presented.join();
        }
        presented.cancel(false);
        throw new TransferException("No sender opened the control channel at %s:%d within %s s: nothing was received",
                endpoints.controlHost(), endpoints.controlPort(),
                TcpListener.seconds(receiving.options().times().acceptTimeout()));
    }

    /** Null when {@code socket} presents the control token within its time, else why not. */
    private String controlRefusal(Socket socket) {
        byte[] expected = (controlToken + "\n").getBytes(StandardCharsets.US_ASCII);
        byte[] got = new byte[expected.length];
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CONTROL_TOKEN_MILLIS);
        int read = 0;
        try {
            java.io.InputStream in = socket.getInputStream();
            while (read < got.length) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return "no token within " + CONTROL_TOKEN_MILLIS / 1000 + " s";
                }
                socket.setSoTimeout((int) left);
                int n = in.read(got, read, got.length - read);
                if (n < 0) {
                    return "closed before its token";
                }
                read += n;
            }
        } catch (SocketTimeoutException e) {
            return "no token within " + CONTROL_TOKEN_MILLIS / 1000 + " s";
        } catch (javax.net.ssl.SSLException e) {
            return "it failed the TLS handshake: " + e.getMessage();
        } catch (IOException e) {
            return "its connection failed: " + e.getMessage();
        }
        return MessageDigest.isEqual(got, expected) ? null : "wrong token";
    }

    private static String peer(Socket socket) {
        return socket.getInetAddress() == null ? "an unknown peer" : socket.getInetAddress().getHostAddress();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // a refused connection has nothing to lose
        }
    }

    /** Reads the sender's lines until "end" or the connection ends; polls so that an interrupt cancels. */
    private void awaitEnd(Socket socket) throws IOException, InterruptedException {
        socket.setSoTimeout(200);
        BoundedLineReader in = new BoundedLineReader(socket.getInputStream(), 64);
        while (true) {
            if (Thread.interrupted()) {
                throw new InterruptedException("cancelled");
            }
            try {
                String line = in.readLine();
                if (line == null || line.equals("end")) {
                    return;
                }
            } catch (SocketTimeoutException e) {
                // nothing yet: check for a cancel and read on
            }
        }
    }

    /** Tells the sender how step {@code index} ended: "" received, else why not. */
    void verdict(int index, long bytes, String failure) {
        try {
            PrintWriter out = verdicts.get(receiving.options().times().acceptTimeout().toMillis(),
                    TimeUnit.MILLISECONDS);
            synchronized (out) {
                out.println(index + (failure.isEmpty() ? " ok " + bytes : " failed " + failure.replace('\n', ' ')));
            }
        } catch (Exception e) {
            log.add("could not report step " + index + " to the sender: " + e);
        }
    }

    ReceiveLedger ledger() {
        return ledger;
    }

    Receiving receiving() {
        return receiving;
    }

    Security security() {
        return security;
    }

    boolean stopping() {
        return stopping;
    }

    void log(String line) {
        log.add(line);
    }

    /** Lines logged so far (refused connections, received steps). */
    public int logSize() {
        return log.size();
    }

    /** Ends the lanes: their listeners, any running receive (which cannot get more data now), their threads. */
    private void stop() throws InterruptedException {
        boolean interrupted = Thread.interrupted();
        close();
        if (interrupted || Thread.interrupted()) {
            throw new InterruptedException("cancelled: every process of the receiving side was ended");
        }
    }

    /**
     * Ends every lane and waits for its thread. The wait matters: a lane that has just finished a
     * step starts listening again unless it sees the stop, so without it a listener could start
     * after close() returned (it would end itself a moment later, but a caller that checks for
     * leftover processes, or removes the work directory, must find none).
     */
    @Override
    public void close() {
        stopping = true;
        for (Lane lane : lanes) {
            lane.end();
        }
        closeQuietly(control);
        boolean interrupted = false;
        for (Thread thread : laneThreads) {
            if (thread == Thread.currentThread()) {
                continue;
            }
            while (true) {
                try {
                    thread.join(TimeUnit.SECONDS.toMillis(30));
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the lanes end on their own within moments: wait, then tell the caller
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(ServerSocket socket) {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException e) {
                // closing a listening socket loses nothing
            }
        }
    }

    /** One lane: its port (fixed after the first listen), its current listener and running receive. */
    static final class Lane {
        final String bindAddress;
        final int port;
        volatile TcpListener current;
        volatile RunningPipeline running;

        Lane(String bindAddress, TcpListener first) {
            this.bindAddress = bindAddress;
            this.port = first.port();
            this.current = first;
        }

        void end() {
            TcpListener listener = current;
            if (listener != null) {
                listener.close();
            }
            RunningPipeline pipeline = running;
            if (pipeline != null) {
                pipeline.destroy();
            }
        }
    }
}
