package io.jenkins.plugins.zfsreplication.transfer.tcp;

import io.jenkins.plugins.zfsreplication.transfer.PipelineSpec;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferCancelledException;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;

/**
 * The sending side of a plan whose receiving side is a {@link ReceiveServer} on another host: each
 * step takes a free lane, connects to it with socat (TLS, the receiving side's certificate pinned,
 * as on the control connection, unless plaintext was asked for) and presents the step's one-time token, id and
 * whether it resumes from the target's resume token (the stream follows, from {@code zfs send} through socat, never through this JVM), and ends only
 * when the receiving side's verdict has come over the control connection. {@link #close()} tells
 * the receiving side that the run is over.
 */
public final class RemoteReceiverTransport implements Transport, AutoCloseable {
    /** A verdict line's limit: a step's failure text is a few stderr lines, never more. */
    private static final int MAX_VERDICT_BYTES = 64 << 10;
    private final ReceiveEndpoints endpoints;
    private final Map<String, Integer> indexByStep = new HashMap<>();
    private final BlockingQueue<Integer> freeLanes = new LinkedBlockingQueue<>();
    private final Map<Integer, CompletableFuture<String>> verdicts = new ConcurrentHashMap<>();
    private final Socket control;
    private final PrintWriter out;
    private volatile String controlLost;

    private RemoteReceiverTransport(ReceiveEndpoints endpoints, ReplicationPlan plan, Socket control) throws IOException {
        this.endpoints = endpoints;
        List<SendStep> steps = plan.steps();
        for (int i = 0; i < steps.size(); i++) {
            indexByStep.put(key(steps.get(i)), i);
        }
        freeLanes.addAll(endpoints.lanePorts());
        this.control = control;
        this.out = new PrintWriter(control.getOutputStream(), true, StandardCharsets.US_ASCII);
    }

    /** Opens the control connection and presents its token; the plan must be the one the receiving side holds. */
    public static RemoteReceiverTransport connect(ReceiveEndpoints endpoints, ReplicationPlan plan,
                                                  TransferOptions options) {
        if (endpoints.stepTokens().size() != plan.steps().size()) {
            throw new TransferException("The receiving side holds a plan of %d steps, this one has %d: both sides must "
                    + "run the same plan.json", endpoints.stepTokens().size(), plan.steps().size());
        }
        Socket socket = new Socket();
        String controlHost = endpoints.controlHost().replace("[", "").replace("]", "");
        try {
            socket.connect(new InetSocketAddress(controlHost, endpoints.controlPort()),
                    (int) options.times().acceptTimeout().toMillis());
            socket = secure(socket, controlHost, endpoints, options);
            RemoteReceiverTransport transport = new RemoteReceiverTransport(endpoints, plan, socket);
            transport.out.println(endpoints.controlToken());
            Thread reader = new Thread(transport::readVerdicts, "zfsr-remote-verdicts");
            reader.setDaemon(true);
            reader.start();
            return transport;
        } catch (IOException e) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // not connected: nothing to lose
            }
            if (e instanceof javax.net.ssl.SSLException) {
                throw new TransferException(e, "The receiving side's control channel at %s:%d failed the TLS handshake "
                        + "with the pinned %s: %s", endpoints.controlHost(), endpoints.controlPort(),
                        endpoints.certificate(), e.getMessage());
            }
            throw new TransferException(e, "Cannot reach the receiving side's control channel at %s:%d: %s. Check that "
                    + "the target host is reachable on that port (firewall) and that its side is running",
                    endpoints.controlHost(), endpoints.controlPort(), e.getMessage());
        }
    }

    /**
     * TLS over {@code socket} trusting only the receiving side's pinned certificate, handshake done
     * within the accept timeout; the socket as it is when the endpoints say plaintext (and the
     * options agree).
     */
    private static Socket secure(Socket socket, String host, ReceiveEndpoints endpoints, TransferOptions options)
            throws IOException {
        if (options.stream().tcpPlaintext() != (endpoints.certificate() == null)) {
            throw new TransferException(options.stream().tcpPlaintext()
                    ? "The receiving side speaks TLS but plaintext was asked for: both sides must choose plaintext"
                    : "The receiving side gave no certificate to pin (it runs in plaintext): choose plaintext on both "
                    + "sides, or none");
        }
        if (endpoints.certificate() == null) {
            return socket;
        }
        javax.net.ssl.SSLSocket tls = (javax.net.ssl.SSLSocket) endpoints.certificate().clientContext().getSocketFactory()
                .createSocket(socket, host, endpoints.controlPort(), true);
        tls.setSoTimeout((int) options.times().acceptTimeout().toMillis());
        tls.startHandshake();
        tls.setSoTimeout(0);
        return tls;
    }

    /** The receiving side accepts each step's token once: a step is not started a second time. */
    @Override
    public boolean retriable() {
        return false;
    }

    @Override
    public String name() {
        return "tcp";
    }

    @Override
    public RunningPipeline start(PipelineSpec spec) {
        Integer index = indexByStep.get(key(spec.step()));
        if (index == null) {
            throw new TransferException("Step %s is not in the plan the receiving side holds", spec.label());
        }
        if (controlLost != null) {
            throw new TransferException("The receiving side is gone: %s", controlLost);
        }
        Integer lane = takeLane(spec);
        CompletableFuture<String> verdict = verdicts.computeIfAbsent(index, i -> new CompletableFuture<>());
        RunningPipeline pipeline = new RunningPipeline();
        pipeline.expectRemote(verdict);
        try {
            TcpConnector.connect(pipeline, spec.sender(), new TcpSendSide(endpoints.host(), lane,
                    ReceiveLedger.header(endpoints.stepTokens().get(index), index,
                            spec.step().kind() == SendKind.RESUME), endpoints.certificate()), spec.sendSide(),
                    spec.options(), spec.workDir());
        } catch (RuntimeException e) {
            freeLanes.add(lane); // the connection was not made: the lane was not used
            throw e;
        }
        releaseWhenDone(lane, verdict, pipeline, spec.options());
        return pipeline;
    }

    private Integer takeLane(PipelineSpec spec) {
        try {
            Integer lane = freeLanes.poll(spec.options().times().acceptTimeout().toMillis(), TimeUnit.MILLISECONDS);
            if (lane == null) {
                throw new TransferException("No lane of the receiving side became free within %s s",
                        TcpListener.seconds(spec.options().times().acceptTimeout()));
            }
            return lane;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransferCancelledException("Cancelled while waiting for a free lane of the receiving side");
        }
    }

    /**
     * The lane is free again when the verdict came (the receiving side listens again by then), or
     * when the connection failed here and no verdict followed within the silence timeout (then
     * nothing was received on it).
     */
    private void releaseWhenDone(Integer lane, CompletableFuture<String> verdict, RunningPipeline pipeline,
                                 TransferOptions options) {
        Thread watcher = new Thread(() -> {
            long failedAt = 0;
            while (!verdict.isDone()) {
                if (failedAt == 0 && !pipeline.failedStages().isEmpty()) {
                    failedAt = System.nanoTime();
                }
                if (failedAt != 0 && System.nanoTime() - failedAt > options.times().silenceTimeout().toNanos()) {
                    break;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    break;
                }
            }
            freeLanes.add(lane);
        }, "zfsr-lane-" + lane);
        watcher.setDaemon(true);
        watcher.start();
    }

    private void readVerdicts() {
        try (java.io.InputStream stream = control.getInputStream()) {
            BoundedLineReader in = new BoundedLineReader(stream, MAX_VERDICT_BYTES);
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] parts = line.split(" ", 3);
                if (parts.length == 3 && parts[0].matches("\\d{1,9}")) {
                    verdicts.computeIfAbsent(Integer.parseInt(parts[0]), i -> new CompletableFuture<>())
                            .complete(parts[1].equals("ok") ? "" : parts[2]);
                }
            }
            controlLost = "its control connection closed before it reported every step";
        } catch (IOException e) {
            controlLost = "its control connection failed: " + e.getMessage();
        }
        verdicts.values().forEach(verdict -> verdict.complete(controlLost));
    }

    private static String key(SendStep step) {
        return step.target() + "@" + step.to().name();
    }

    /** Tells the receiving side the run is over (it stops listening) and closes the control connection. */
    @Override
    public void close() {
        out.println("end");
        try {
            control.close();
        } catch (IOException e) {
            // the receiving side ends on the closed connection as on "end"
        }
    }
}
