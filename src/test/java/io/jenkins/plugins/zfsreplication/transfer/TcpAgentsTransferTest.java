package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveEndpoints;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveServer;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceivedStep;
import io.jenkins.plugins.zfsreplication.transfer.tcp.RemoteReceiverTransport;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * tcp between two agents: the receiving side of a whole plan ({@link ReceiveServer}) in one network
 * namespace, the sending side ({@link RemoteReceiverTransport} under the engine) in another, each
 * started as the Jenkins callables start them, joined only by the endpoints file (as the controller
 * reads it) and their own connections.
 */
@ExtendWith(ZfsTestBed.class)
class TcpAgentsTransferTest {
    private static final TransferOptions OPTIONS = TransferOptions.defaults()
            .withTimes(Duration.ofMillis(200), Duration.ofSeconds(10), Duration.ofSeconds(5));
    private static final TransferOptions PLAINTEXT = OPTIONS.withTcpPlaintext(true);
    private final ExecutorService receiverThread = Executors.newSingleThreadExecutor();
    private String receiverAddress = "none";

    @TempDir
    Path work;

    @AfterEach
    void stopReceiver() {
        receiverThread.shutdownNow();
    }

    @Test
    void shouldReplicateFullThenIncrementalWithTheReceivingSideOnTheOtherHost(TestPools pools) throws Exception {
        Replica replica = new Replica(pools, List.of("alpha", "beta", "gamma"));
        replica.writeAndSnapshot("one.bin", 1 << 20, "s1");
        replica.writeAndSnapshot("two.bin", 200 << 10, "s2");
        try (TwoHosts hosts = new TwoHosts()) {
            ReplicationPlan full = replica.plan(true, "s1", "s2");
            Run first = run(hosts, full, zfsSides(replica), OPTIONS.withConcurrency(2));

            assertThat(first.sent.succeeded()).as(first.sent.firstError()).isTrue();
            assertThat(first.received.steps()).hasSize(6)
                    .allSatisfy(step -> assertThat(step.outcome()).isEqualTo(StepOutcome.OK));
            replica.assertReplicated("s1", "s2");

            replica.writeAndSnapshot("three.bin", 300 << 10, "s3");
            Run second = run(hosts, replica.plan(false, "s2", "s3"), zfsSides(replica), OPTIONS.withConcurrency(2));

            assertThat(second.sent.succeeded()).as(second.sent.firstError()).isTrue();
            assertThat(second.received.succeeded()).isTrue();
            replica.assertReplicated("s1", "s2", "s3");
            assertThat(first.sent.transport()).isEqualTo("tcp");
            assertThat(first.endpointMode).isEqualTo("rw-------");
        }
        assertThat(Processes.liveChildren()).isEmpty();
        assertThat(orphans()).isEmpty();
    }

    @Test
    void shouldRefuseAWrongTokenAnUnknownStepAndAStepTwiceWithoutStartingTheReceiver() throws Exception {
        Path marker = work.resolve("received");
        ReplicationPlan plan = fakePlan(2);
        Sides sides = new Sides(StreamCommands.fixed(List.of("echo", "stream"),
                List.of("dd", "of=" + marker, "status=none")), Preflight.NONE, Preflight.NONE);
        try (TwoHosts hosts = new TwoHosts();
             // the token protocol in the clear, spoken by socat as an attacker without TLS would; the same
             // refusals inside TLS are ControlChannelAttackTest's
             ReceiveServer server = ReceiveServer.open(plan, receiving(hosts, sides, PLAINTEXT), addresses(hosts))) {
            Future<ReceiveServer.Report> serving = receiverThread.submit(server::serve);
            ReceiveEndpoints endpoints = server.endpoints();
            RemoteReceiverTransport sender = RemoteReceiverTransport.connect(endpoints, plan, PLAINTEXT);
            String wrong = flip(endpoints.stepTokens().get(0));

            connect(hosts, endpoints, wrong + "00000000f", "not for zfs");
            awaitLog(server, 1);
            connect(hosts, endpoints, endpoints.stepTokens().get(1) + "00000063f", "not in the plan");
            awaitLog(server, 2);
            connect(hosts, endpoints, endpoints.stepTokens().get(0) + "0000000gf", "malformed");
            awaitLog(server, 3);

            assertThat(marker).doesNotExist();
            connect(hosts, endpoints, endpoints.stepTokens().get(0) + "00000000f", "first");
            awaitMarker(marker, "first");
            awaitLog(server, 4);
            connect(hosts, endpoints, endpoints.stepTokens().get(0) + "00000000f", "second");
            awaitLog(server, 5);
            sender.close();
            ReceiveServer.Report report = serving.get(60, TimeUnit.SECONDS);

            assertThat(Files.readString(marker)).isEqualTo("first");
            assertThat(report.steps()).extracting(ReceivedStep::index).containsExactly(0);
            assertThat(report.log()).anySatisfy(line -> assertThat(line).startsWith("The connection from "
                    + hosts.senderAddress).endsWith("presented a wrong token; it was refused and zfs recv was not started"))
                    .anySatisfy(line -> assertThat(line).contains("named step 00000063, which is not in the plan; it "
                            + "was refused and zfs recv was not started"))
                    .anySatisfy(line -> assertThat(line).contains("presented a malformed step id; it was refused"))
                    .anySatisfy(line -> assertThat(line).contains("which was already received or is being received; "
                            + "it was refused and zfs recv was not started"));
        }
        assertThat(Processes.liveChildren()).isEmpty();
        assertThat(orphans()).isEmpty();
    }

    @Test
    void shouldEndEveryProcessOfBothSidesWhenCancelledMidStream() throws Exception {
        ReplicationPlan plan = fakePlan(1);
        Sides sides = ENDLESS;
        TransferOptions slow = OPTIONS.withBuffer(1 << 20, 4 << 20); // 4 MiB/s: still streaming when cancelled
        try (TwoHosts hosts = new TwoHosts();
             ReceiveServer server = ReceiveServer.open(plan, receiving(hosts, sides, slow), addresses(hosts))) {
            Future<ReceiveServer.Report> serving = receiverThread.submit(server::serve);
            CompletableFuture<TransferReport> sending = new CompletableFuture<>();
            Thread sender = new Thread(() -> sending.complete(send(hosts, plan, sides, slow, server.endpoints())));
            sender.start();
            Processes.await("dd", "of=/dev/null");
            Processes.await("cat", "/dev/zero");

            sender.interrupt();
            serving.cancel(true);
            TransferReport sent = sending.get(60, TimeUnit.SECONDS);

            assertThat(sent.cancelled()).isTrue();
            // no waiting here: the cancelled serve() may still be ending its lanes (Future.cancel does not
            // wait), and a lane that just finished its step may be listening again; closing the server must
            // end all of that before it returns
        }
        assertThat(Processes.liveChildren()).isEmpty();
        assertThat(orphans()).isEmpty();
    }

    /**
     * Processes of either side that outlived their parent (reparented to init, so not among this
     * JVM's children): a socat of ours names its address "10.x.y.z" in its command line.
     */
    private List<String> orphans() throws InterruptedException {
        List<String> found = List.of();
        for (int i = 0; i < 100; i++) {
            found = ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
                    .map(handle -> Processes.cmdline(handle.pid()))
                    .filter(line -> line.startsWith("socat") && line.contains("bind=" + receiverAddress)).toList();
            if (found.isEmpty()) {
                return found;
            }
            Thread.sleep(50);
        }
        return found;
    }

    @Test
    void shouldFailTheSendingSideWithTheReasonWhenTheReceivingSideIsCancelled() throws Exception {
        ReplicationPlan plan = fakePlan(2);
        Sides sides = ENDLESS;
        TransferOptions slow = OPTIONS.withBuffer(1 << 20, 4 << 20); // 4 MiB/s: still streaming when cancelled
        try (TwoHosts hosts = new TwoHosts();
             ReceiveServer server = ReceiveServer.open(plan, receiving(hosts, sides, slow), addresses(hosts))) {
            Future<ReceiveServer.Report> serving = receiverThread.submit(server::serve);
            CompletableFuture<TransferReport> sending = CompletableFuture.supplyAsync(
                    () -> send(hosts, plan, sides, slow, server.endpoints()));
            Processes.await("dd", "of=/dev/null");

            serving.cancel(true);
            TransferReport sent = sending.get(120, TimeUnit.SECONDS);

            assertThat(sent.succeeded()).isFalse();
            assertThat(sent.steps()).extracting(StepResult::outcome)
                    .containsExactly(StepOutcome.FAILED, StepOutcome.NOT_RUN);
            assertThat(sent.steps().get(0).message()).contains("the receiving side");
        }
        assertThat(Processes.liveChildren()).isEmpty();
        assertThat(orphans()).isEmpty();
    }

    /** One run as the two agents make it: the receiving side serves, the sending side runs the plan. */
    private Run run(TwoHosts hosts, ReplicationPlan plan, Sides sides, TransferOptions options) throws Exception {
        try (ReceiveServer server = ReceiveServer.open(plan, receiving(hosts, sides, options), addresses(hosts))) {
            Future<ReceiveServer.Report> serving = receiverThread.submit(server::serve);
            Path file = work.resolve("endpoints-" + System.nanoTime());
            server.endpoints().write(file);
            String mode = PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
            ReceiveEndpoints endpoints = ReceiveEndpoints.parse(Files.readString(file));
            TransferReport sent = send(hosts, plan, sides, options, endpoints);
            return new Run(sent, serving.get(120, TimeUnit.SECONDS), mode);
        }
    }

    private static TransferReport send(TwoHosts hosts, ReplicationPlan plan, Sides sides, TransferOptions options,
                                       ReceiveEndpoints endpoints) {
        try (RemoteReceiverTransport transport = RemoteReceiverTransport.connect(endpoints, plan, options)) {
            TransferSetup setup = new TransferSetup(transport, sides.commands, hosts.senderLauncher(),
                    hosts.senderLauncher(), CAPABILITIES, CAPABILITIES, sides.senderCheck, StepGate.KEEP_ALL);
            return new TransferEngine(setup, options, line -> { }, Clock.systemUTC()).run(plan);
        }
    }

    private static final io.jenkins.plugins.zfsreplication.zfs.Capabilities CAPABILITIES =
            new io.jenkins.plugins.zfsreplication.zfs.Capabilities("test", Set.of());

    private record Sides(StreamCommands commands, Preflight senderCheck, Preflight receiverCheck) {
    }

    /** A stream that never ends on its own, into a sink that reads all. */
    private static final Sides ENDLESS = new Sides(StreamCommands.fixed(List.of("cat", "/dev/zero"),
            List.of("dd", "of=/dev/null", "status=none")), Preflight.NONE, Preflight.NONE);

    private record Run(TransferReport sent, ReceiveServer.Report received, String endpointMode) {
    }

    private static Sides zfsSides(Replica replica) {
        return new Sides(new ZfsStreamCommands(), new ZfsPreflight(replica.zfs, null), new ZfsPreflight(null, replica.zfs));
    }

    private ReceiveServer.Receiving receiving(TwoHosts hosts, Sides sides, TransferOptions options) {
        return new ReceiveServer.Receiving(hosts.receiverLauncher(), sides.commands, sides.receiverCheck, Set.of(),
                options, work);
    }

    /** The control channel is the agents' JVMs talking; both JVM parts run here, in this namespace. */
    private ReceiveServer.Addresses addresses(TwoHosts hosts) {
        receiverAddress = hosts.receiverAddress;
        return new ReceiveServer.Addresses(hosts.receiverAddress, hosts.receiverAddress, "127.0.0.1", 0);
    }

    /** A connection from the sender's host with these bytes; retried while the lane is not listening again yet. */
    private static void connect(TwoHosts hosts, ReceiveEndpoints endpoints, String header, String payload)
            throws InterruptedException {
        io.jenkins.plugins.zfsreplication.zfs.CommandResult client = null;
        for (int i = 0; i < 200 && (client == null || client.stderr().contains("Connection refused")); i++) {
            if (client != null) {
                Thread.sleep(50);
            }
            client = hosts.execIn(hosts.sender, "sh", "-c", "printf %s \"$1\" | socat -u STDIN TCP:$2:$3", "sh",
                    header + payload, endpoints.host(), Integer.toString(endpoints.lanePorts().get(0)));
        }
        assertThat(client.exitStatus()).as(client.stderr()).isZero();
    }

    private static void awaitLog(ReceiveServer server, int lines) throws InterruptedException {
        for (int i = 0; i < 400 && server.logSize() < lines; i++) {
            Thread.sleep(50);
        }
        assertThat(server.logSize()).isGreaterThanOrEqualTo(lines);
    }

    private static void awaitMarker(Path marker, String content) throws Exception {
        for (int i = 0; i < 400 && !(Files.exists(marker) && Files.readString(marker).equals(content)); i++) {
            Thread.sleep(50);
        }
        assertThat(marker).hasContent(content);
    }

    private static String flip(String token) {
        return (token.charAt(0) == '0' ? '1' : '0') + token.substring(1);
    }

    /** Steps with names only: the fixed commands ignore them. */
    private static ReplicationPlan fakePlan(int steps) {
        DatasetName source = DatasetName.of("pool/src");
        DatasetName target = DatasetName.of("pool/dst");
        List<SendStep> list = new java.util.ArrayList<>();
        for (int i = 0; i < steps; i++) {
            list.add(new SendStep(source, target, i == 0 ? SendKind.FULL : SendKind.INCREMENTAL,
                    i == 0 ? null : new SnapshotRef("s" + (i - 1), i, i, i), new SnapshotRef("s" + i, i + 1, i + 1, i + 1),
                    null, false, -1));
        }
        return new ReplicationPlan(Instant.now(), "local", "local",
                List.of(new DatasetPlan(source, target, DatasetAction.SEND, "test", list)));
    }
}
