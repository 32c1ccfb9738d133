package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.TargetScope;
import io.jenkins.plugins.zfsreplication.steps.shared.AgentCall;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetRoots;
import io.jenkins.plugins.zfsreplication.steps.shared.WorkspaceFiles;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetAgent;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetListingCallable;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import hudson.AbortException;
import hudson.FilePath;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.files.InputFileException;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveEndpoints;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveServer;
import io.jenkins.plugins.zfsreplication.transfer.ResumeTokens;
import io.jenkins.plugins.zfsreplication.transfer.SendOption;
import io.jenkins.plugins.zfsreplication.zfs.Capabilities;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;

/**
 * zfsSendRecv over tcp, as the controller runs it: it only starts, watches and collects. The
 * receiving side starts on the target's agent ({@code callAsync}), its endpoints and tokens are
 * read from its file over that agent's channel and handed to the sending side on this agent over
 * this agent's channel; the data goes host to host. An abort (this thread interrupted) interrupts the
 * sending side, whose transfer.json and summary still come back ({@link AgentCall}), and cancels the
 * receiving side; when one side fails, the other is ended and the build fails with the reason.
 */
final class TcpSendRecv {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final long POLL_MILLIS = 200;
    /** The endpoints file holds a few lines and one token per step of the plan. */
    static final long ENDPOINTS_MAX_BYTES = 16L << 20;
    /** The receiving side's log, beside transfer.json. */
    static final String RECEIVE_LOG = "receive.log";

    private TcpSendRecv() {
    }

    /** {@code scope}: the datasets on the target agent plan.json may name; checked before that agent does anything. */
    static AgentCall.Answer<SendRecvSummary> run(SendRecvSettings settings, SendRecvTarget target, TargetScope scope, FilePath workspace,
                               Run<?, ?> run, TaskListener listener) throws IOException, InterruptedException {
        try {
            target.requireTcp();
        } catch (RuntimeException e) {
            throw new AbortException("zfsSendRecv: " + e.getMessage());
        }
        PrintStream log = listener.getLogger();
        TargetAgent agent = TargetAgent.of("zfsSendRecv", target.agent(), run);
        String planJson = checkedPlan(settings, scope, WorkspaceFiles.readPlan(workspace.child(settings.plan())));
        ListingText listing = target.targetRules().isEmpty() ? null
                : agent.channel().call(TargetListingCallable.forPrune("zfsSendRecv", agent.host(), planJson));
        // the resume tokens and the chains' send flags, which the sending side cannot see; a record:
        // deserializing it runs its constructor, which checks what the agent sent
        ResumeTokens tokens = agent.channel().call(new ResumeTokensCallable(agent.host(), planJson));
        if (settings.options().requested().contains(SendOption.RESUMABLE)) {
            log.printf("zfsSendRecv: agent %s holds %s%n", agent.name(), tokens);
        }
        TargetCapabilitiesCallable.TargetZfs targetZfs = agent.channel().call(new TargetCapabilitiesCallable(agent.host()));
        log.printf("zfsSendRecv: agent %s: %s%n", agent.name(), targetZfs);
        Capabilities targetCapabilities = targetZfs.capabilities();
        FilePath work = agent.root().child("zfs-replication").child("recv-" + HexFormat.of().formatHex(random()));
        Future<ReceiveServer.Report> receiving = agent.channel().callAsync(new ReceiveCallable(planJson, settings,
                target, work.getRemote()));
        try {
            ReceiveEndpoints endpoints = checkEndpoints(awaitEndpoints(work.child(ReceiveCallable.ENDPOINTS), receiving,
                    settings), settings, target);
            log.printf("zfsSendRecv: agent %s receives on %s%n", agent.name(), endpoints);
            AgentCall.Answer<SendRecvSummary> sent = AgentCall.act("zfsSendRecv", workspace, new TcpSendCallable(settings,
                    target, endpoints, listing, tokens, targetCapabilities, listener), listener);
            List<String> received = sent.aborted() ? null : receivedLog(receiving, settings);
            boolean aborted = received == null;
            if (aborted) {
                // aborted: the receiving side is cancelled (below) and its log not collected; transfer.json says
                // where the sender stopped
                received = List.of("the build was aborted: the receiving side on agent " + agent.name()
                        + " was cancelled (every process of it ended) and its log was not collected");
            } else {
                received.forEach(line -> log.println("zfsSendRecv: on agent " + agent.name() + ": " + TerminalText.line(line)));
            }
            // what the receiving side checked and destroyed there (rollback -r, recv -A) is archived with the rest
            String receiveLog = settings.artifacts() + "/" + RECEIVE_LOG;
            workspace.child(receiveLog).write(String.join("\n", received) + "\n", "UTF-8");
            return new AgentCall.Answer<>(sent.value().withArtifact(receiveLog), aborted);
        } catch (ExecutionException e) {
            throw new AbortException("zfsSendRecv: the receiving side on agent " + agent.name() + " failed: "
                    + (e.getCause() == null ? e : e.getCause().getMessage()));
        } catch (TimeoutException e) {
            throw new AbortException("zfsSendRecv: the receiving side on agent " + agent.name() + " did not end after "
                    + "the sender was done; it was cancelled");
        } finally {
            receiving.cancel(true); // a no-op when it ended; else (abort, failure) it ends every process there
        }
    }

    /**
     * The receiving side's log once it ended; null when this wait was interrupted (an abort after the
     * sender was done: remoting cancels the receiving call, and the step ends aborted).
     */
    private static List<String> receivedLog(Future<ReceiveServer.Report> receiving, SendRecvSettings settings)
            throws ExecutionException, TimeoutException {
        try {
            return receiving.get(settings.options().times().acceptTimeout().toMillis() * 2, TimeUnit.MILLISECONDS)
                    .log();
        } catch (InterruptedException abort) {
            return null;
        }
    }

    /**
     * plan.json as the source's agent holds it, once it receives only into {@code scope} and was made on
     * that agent's pools (not by pulling): checked before either agent runs anything.
     */
    static String checkedPlan(SendRecvSettings settings, TargetScope scope, String planJson) throws AbortException {
        String checked = TargetRoots.checkPlan(scope, planJson, settings.plan());
        PlanSource.check(settings, PlanJson.read(checked, settings.plan()));
        return checked;
    }

    /** Polls for the endpoints file; fails at once with the receiving side's reason when it ended first. */
    private static ReceiveEndpoints awaitEndpoints(FilePath file, Future<ReceiveServer.Report> receiving,
                                                   SendRecvSettings settings)
            throws IOException, InterruptedException, ExecutionException {
        long deadline = System.nanoTime() + settings.options().times().acceptTimeout().toNanos();
        while (!file.exists()) {
            if (receiving.isDone()) {
                receiving.get();
                throw new AbortException("zfsSendRecv: the receiving side ended before it listened");
            }
            if (System.nanoTime() > deadline) {
                throw new AbortException("zfsSendRecv: the receiving side did not start listening in time");
            }
            Thread.sleep(POLL_MILLIS);
        }
        try (InputStream in = file.read()) {
            return readEndpoints(in);
        }
    }

    /** The endpoints file as the target's agent wrote it, at most {@link #ENDPOINTS_MAX_BYTES}. */
    static ReceiveEndpoints readEndpoints(InputStream in) throws IOException {
        try {
            return ReceiveEndpoints.parse(new String(InputFile.readBytes(in, "the receiving side's endpoints file",
                    ENDPOINTS_MAX_BYTES), StandardCharsets.US_ASCII));
        } catch (InputFileException | TransferException e) {
            throw new AbortException("zfsSendRecv: " + e.getMessage());
        }
    }

    /**
     * {@code endpoints} once they are where this step's settings say the receiver listens: the
     * target's agent wrote them, and a compromised one could otherwise point the source's stream
     * and its tokens at any host and port, or offer plaintext where the step asks for TLS.
     */
    static ReceiveEndpoints checkEndpoints(ReceiveEndpoints endpoints, SendRecvSettings settings,
                                           SendRecvTarget target) throws AbortException {
        int lanes = settings.options().concurrency();
        List<Integer> ports = new java.util.ArrayList<>(endpoints.lanePorts());
        ports.add(endpoints.controlPort());
        String problem = null;
        if (!endpoints.host().equals(target.tcpAddress()) || !endpoints.controlHost().equals(target.tcpAddress())) {
            problem = String.format("they name the address %s (control %s), not tcpAddress %s", endpoints.host(),
                    endpoints.controlHost(), target.tcpAddress());
        } else if (endpoints.lanePorts().size() != lanes) {
            problem = String.format("they name %d lane(s), not the %d of concurrency", endpoints.lanePorts().size(), lanes);
        } else if (ports.stream().anyMatch(port -> port < 1 || port > 65535)) {
            problem = "they name a port outside 1-65535";
        } else if (target.tcpPort() != 0 && !ports.equals(java.util.stream.IntStream.rangeClosed(target.tcpPort(),
                target.tcpPort() + lanes).boxed().toList())) {
            problem = String.format("they name the ports %s (the last for control), not %d-%d from tcpPort", ports,
                    target.tcpPort(), target.tcpPort() + lanes);
        } else if (endpoints.certificate() == null && !settings.options().stream().tcpPlaintext()) {
            problem = "they offer plaintext, and the step asks for TLS";
        }
        if (problem != null) {
            throw new AbortException("zfsSendRecv: the receive endpoints from agent " + target.agent() + " do not match "
                    + "the step's settings: " + problem + ". Nothing was sent");
        }
        return endpoints;
    }

    private static byte[] random() {
        byte[] bytes = new byte[8];
        RANDOM.nextBytes(bytes);
        return bytes;
    }
}
