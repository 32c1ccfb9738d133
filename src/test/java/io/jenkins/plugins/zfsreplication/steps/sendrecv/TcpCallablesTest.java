package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.transfer.SendOption;
import java.util.Set;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.steps.shared.RoundTrip;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetListingCallable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import hudson.AbortException;
import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveEndpoints;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveServer;
import io.jenkins.plugins.zfsreplication.transfer.ResumeTokens;
import io.jenkins.plugins.zfsreplication.zfs.Capabilities;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * zfsSendRecv's callables for tcp between two agents, and its target rules between steps, invoked
 * directly as the controller calls them (the receiving side asynchronously, the sending side with
 * the endpoints read from the receiving side's file), each after a serialization round trip, on
 * real pools. Both "agents" are this host (127.0.0.1); TcpAgentsTransferTest runs the engine
 * between two network namespaces.
 */
@ExtendWith(ZfsTestBed.class)
class TcpCallablesTest {
    private static final List<String> SNAPSHOTS =
            List.of("zr-20261101T000000Z", "zr-20261102T000000Z", "zr-20261103T000000Z");
    private final ExecutorService targetAgent = Executors.newSingleThreadExecutor();
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @TempDir
    Path workspace;
    @TempDir
    Path agentRoot;

    @AfterEach
    void stop() {
        targetAgent.shutdownNow();
    }

    @Test
    void shouldReplicateOverTcpAndSkipTheStepTheTargetRulesNoLongerKeep(TestPools pools) throws Exception {
        // given a plan without target rules: full s1, then s1 -> s2, s2 -> s3
        Fixture fixture = fixture(pools);
        // (raw asked for: neither zfs-fuse end has it, and the log must name the target agent as one of them)
        SendRecvSettings settings = new SendRecvSettings("plan.json", "tcp", "", "", "out", TransferOptions.defaults().withConcurrency(2).withRequested(Set.of(SendOption.RAW)).withBuffer(1 << 20, 0));
        SendRecvTarget target = new SendRecvTarget("backup", "127.0.0.1", 0, "last: 2");
        String planJson = Files.readString(workspace.resolve("plan.json"));
        TargetCapabilitiesCallable.TargetZfs targetZfs = RoundTrip.of(RoundTrip.of(new TargetCapabilitiesCallable("agent:backup")).call());
        assertThat(targetZfs).hasToString("agent:backup: HOLDS, zfs unknown (no 'zfs version': zfs-fuse or ZFS before OpenZFS 0.8)");
        Capabilities targetCapabilities = targetZfs.capabilities();

        // when the target agent lists and receives, and this agent sends (target keeps its two newest)
        ListingText listing = RoundTrip.of(TargetListingCallable.forPrune("zfsSendRecv", "agent:backup", planJson)).call();
        Path work = agentRoot.resolve("zfs-replication").resolve("recv-1");
        Future<ReceiveServer.Report> receiving = targetAgent.submit(
                RoundTrip.of(new ReceiveCallable(planJson, settings, target, work.toString()))::call);
        ReceiveEndpoints endpoints = awaitEndpoints(work.resolve(ReceiveCallable.ENDPOINTS), receiving);
        // (the sending callable carries the build's listener, which remoting exports: its parts travel here)
        SendRecvSummary summary = new TcpSendCallable(RoundTrip.of(settings), RoundTrip.of(target),
                RoundTrip.of(endpoints), RoundTrip.of(listing), RoundTrip.of(ResumeTokens.NONE), targetCapabilities,
                listener())
                .invoke(workspace.toFile(), null);
        ReceiveServer.Report report = RoundTrip.of(receiving.get(60, TimeUnit.SECONDS));

        // then s1 never travels: a full send of s2, then s2 -> s3, with the source's GUIDs
        assertThat(summary.succeeded()).as(summary.firstError() + log).isTrue();
        assertThat(summary.counts().skippedSteps()).isEqualTo(1);
        assertThat(TestApply.snapshots(pools, fixture.target.name())).containsExactly(fixture.snapshots.get(1),
                fixture.snapshots.get(2));
        assertThat(report.steps()).extracting(step -> step.outcome().name()).containsExactly("OK", "OK");
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("skipped, no longer wanted by the retention rules")
                .contains("option raw (-w) dropped: source local and target agent:backup has no raw_send");
        assertThat(targetCapabilities.host()).isEqualTo("agent:backup");
        assertThat(targetCapabilities.features()).isEqualTo(new Zfs(pools.runner()).capabilities().features());
        assertThat(work).doesNotExist();
        assertThat(io.jenkins.plugins.zfsreplication.zfs.TestProcesses.descendants()).isEmpty();
    }

    @Test
    void shouldRollNothingBackOnTheTargetByAPlanTheSourcesAgentForged(TestPools pools) throws Exception {
        // given a target that received all three snapshots of the naming
        Fixture fixture = fixture(pools);
        SendRecvSettings local = new SendRecvSettings("plan.json", "local", "", "", "out",
                TransferOptions.defaults().withBuffer(1 << 20, 0));
        assertThat(new SendRecvCallable(local, listener(), null, new SendRecvTarget("", "", 0, ""))
                .invoke(workspace.toFile(), null).succeeded()).isTrue();
        List<String> before = TestApply.snapshots(pools, fixture.target.name());
        assertThat(before).hasSize(3);

        // when the source's agent writes a plan that rolls the target back to its oldest snapshot, and the
        // step allows rollbacks (the receiving side's consent, from the controller's settings)
        List<SendStep> planned = PlanJson.read(workspace.resolve("plan.json")).steps();
        SendStep forged = new SendStep(planned.get(0).source(), fixture.target, SendKind.INCREMENTAL,
                planned.get(0).to(), planned.get(2).to(), null, true, -1);
        PlanJson.write(new ReplicationPlan(Instant.now(), "local", "agent:backup", List.of(new DatasetPlan(
                forged.source(), fixture.target, DatasetAction.SEND, "diverged", List.of(forged)))),
                workspace.resolve("plan.json"));
        SendRecvSettings settings = new SendRecvSettings("plan.json", "tcp", "", "", "out",
                TransferOptions.defaults().withBuffer(1 << 20, 0).withAllowRollback(true));
        SendRecvTarget target = new SendRecvTarget("backup", "127.0.0.1", 0, "");
        String planJson = Files.readString(workspace.resolve("plan.json"));
        Path work = agentRoot.resolve("zfs-replication").resolve("recv-4");
        Future<ReceiveServer.Report> receiving = targetAgent.submit(
                RoundTrip.of(new ReceiveCallable(planJson, settings, target, work.toString()))::call);
        ReceiveEndpoints endpoints = awaitEndpoints(work.resolve(ReceiveCallable.ENDPOINTS), receiving);
        SendRecvSummary summary = new TcpSendCallable(settings, target, endpoints, null, ResumeTokens.NONE,
                new TargetCapabilitiesCallable("agent:backup").call().capabilities(), listener()).invoke(workspace.toFile(), null);
        receiving.get(60, TimeUnit.SECONDS);

        // then the step failed and nothing was rolled back or destroyed there (the receiving side's reason:
        // ReceivingRollbackZfsTest)
        assertThat(summary.succeeded()).isFalse();
        assertThat(TestApply.snapshots(pools, fixture.target.name())).isEqualTo(before);
        // and the build page counts the dataset as failed, with its step's error
        assertThat(summary.accounts()).singleElement().satisfies(account -> {
            assertThat(account.dataset()).isEqualTo(forged.source().name());
            assertThat(account.outcome()).isEqualTo(io.jenkins.plugins.zfsreplication.plan.DatasetOutcome.FAILED);
            assertThat(account.reason()).startsWith("step to @" + forged.to().name() + " failed: ");
        });
        assertThat(summary.record(settings, false).getAccounting()).isEqualTo("0 sent, 0 already current, "
                + "0 excluded by the backup host's choice, 0 needs attention, 1 failed");
    }

    @Test
    void shouldSkipTheSameStepWithTheLocalTransport(TestPools pools) throws Exception {
        Fixture fixture = fixture(pools);
        SendRecvSettings settings = new SendRecvSettings("plan.json", "local", "", "", "out", TransferOptions.defaults().withBuffer(1 << 20, 0));

        SendRecvSummary summary = new SendRecvCallable(settings, listener(), null,
                RoundTrip.of(new SendRecvTarget("", "", 0, "last: 2"))).invoke(workspace.toFile(), null);

        assertThat(summary.succeeded()).as(summary.firstError()).isTrue();
        assertThat(summary.counts().skippedSteps()).isEqualTo(1);
        assertThat(TestApply.snapshots(pools, fixture.target.name())).containsExactly(fixture.snapshots.get(1),
                fixture.snapshots.get(2));
        // a step the gate skipped is no failure: the dataset counts as sent, nothing needs a person
        assertThat(summary.record(settings, false).getAccounting()).isEqualTo("1 sent, 0 already current, "
                + "0 excluded by the backup host's choice, 0 needs attention, 0 failed");
        assertThat(summary.record(settings, false).getNeedingAPerson()).isEmpty();
    }

    @Test
    void shouldEndTheReceivingSideAndRemoveItsFilesWhenCancelled(TestPools pools) throws Exception {
        fixture(pools);
        SendRecvSettings settings = new SendRecvSettings("plan.json", "tcp", "", "", "out", TransferOptions.defaults().withConcurrency(2).withBuffer(1 << 20, 0));
        Path work = agentRoot.resolve("zfs-replication").resolve("recv-2");
        Future<ReceiveServer.Report> receiving = targetAgent.submit(new ReceiveCallable(
                Files.readString(workspace.resolve("plan.json")), settings, new SendRecvTarget("backup", "127.0.0.1", 0,
                ""), work.toString())::call);
        awaitEndpoints(work.resolve(ReceiveCallable.ENDPOINTS), receiving);
        assertThat(io.jenkins.plugins.zfsreplication.zfs.TestProcesses.descendants()).isNotEmpty();

        receiving.cancel(true);

        targetAgent.shutdown();
        assertThat(targetAgent.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        assertThat(work).doesNotExist();
        assertThat(io.jenkins.plugins.zfsreplication.zfs.TestProcesses.descendants()).isEmpty();
    }

    @Test
    void shouldFailTheReceivingSideWithTheReasonOnAForeignPlan(TestPools pools) throws Exception {
        fixture(pools);
        SendRecvSettings settings = new SendRecvSettings("plan.json", "tcp", "", "", "out", TransferOptions.defaults().withBuffer(1 << 20, 0));
        ReceiveCallable callable = new ReceiveCallable("{\"format\": 1}", settings,
                new SendRecvTarget("backup", "127.0.0.1", 0, ""), agentRoot.resolve("recv-3").toString());

        assertThatThrownBy(callable::call).isInstanceOf(AbortException.class)
                .hasMessageStartingWith("zfsSendRecv: the receiving side failed: ");
        assertThat(agentRoot.resolve("recv-3")).doesNotExist();
    }

    @Test
    void shouldReadNoResumeTokensWhereTheTargetsZfsCannotResume(TestPools pools) throws Exception {
        fixture(pools); // zfs-fuse: no receive_resume_token, so no zfs get of it either

        ResumeTokens tokens = RoundTrip.of(RoundTrip.of(new ResumeTokensCallable("agent:backup",
                Files.readString(workspace.resolve("plan.json")))).call());

        assertThat(tokens).isEqualTo(ResumeTokens.NONE);
    }

    private ReceiveEndpoints awaitEndpoints(Path file, Future<ReceiveServer.Report> receiving) throws Exception {
        for (int i = 0; i < 600 && !Files.exists(file); i++) {
            if (receiving.isDone()) {
                receiving.get();
            }
            Thread.sleep(50);
        }
        assertThat(Files.getPosixFilePermissions(file)).hasSize(2); // rw------- : owner read and write only
        return ReceiveEndpoints.parse(Files.readString(file));
    }

    private record Fixture(DatasetName target, List<String> snapshots) {
    }

    /** One dataset, three snapshots, plan.json with one step per snapshot; the target pool unmounted. */
    private Fixture fixture(TestPools pools) throws Exception {
        Zfs zfs = new Zfs(pools.runner());
        DatasetName source = pools.create("s").resolve("data");
        DatasetName targetPool = pools.create("t");
        zfs.setProperty(targetPool.name(), "mountpoint", "none");
        DatasetName target = targetPool.resolve("data");
        zfs.createFilesystem(source, Map.of());
        List<SnapshotRef> refs = new ArrayList<>();
        for (String snapshot : SNAPSHOTS) {
            Files.write(pools.mountpoint(source).resolve(snapshot), new byte[64 << 10]);
            zfs.snapshot(List.of(source.snapshot(snapshot)), false);
            ZfsObject made = zfs.list(List.of(source), false, List.of()).find(source + "@" + snapshot).orElseThrow();
            refs.add(new SnapshotRef(snapshot, made.guid(), made.createtxg(), made.creation()));
        }
        List<SendStep> steps = new ArrayList<>();
        for (int i = 0; i < refs.size(); i++) {
            steps.add(new SendStep(source, target, i == 0 ? SendKind.FULL : SendKind.INCREMENTAL,
                    i == 0 ? null : refs.get(i - 1), refs.get(i), null, false, -1));
        }
        PlanJson.write(new ReplicationPlan(Instant.now(), "local", "agent:backup",
                List.of(new DatasetPlan(source, target, DatasetAction.SEND, "", steps))), workspace.resolve("plan.json"));
        return new Fixture(target, TestApply.snapshots(pools, source.name()));
    }

    private TaskListener listener() {
        PrintStream stream = new PrintStream(log, true, StandardCharsets.UTF_8);
        return () -> stream;
    }
}
