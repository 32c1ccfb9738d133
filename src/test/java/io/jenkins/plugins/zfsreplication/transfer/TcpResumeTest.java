package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveServer;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceivedStep;
import io.jenkins.plugins.zfsreplication.transfer.tcp.RemoteReceiverTransport;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
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
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resume over tcp between two agents, which zfs-fuse cannot show (it has no resume tokens): both
 * hosts answer as OpenZFS 2.x ({@link OpenZfsHost}, from the OpenZFS fixtures), everything else is
 * real: the receiving side ({@link ReceiveServer}) and the sending side ({@link RemoteReceiverTransport}
 * under the engine) as the agents run them, joined over 127.0.0.1 by socat, with the target's
 * tokens read on the target before the run and handed to the sender ({@link ResumeTokens}). The
 * stream ends run a small real source and sink in place of zfs send and zfs recv; the argument
 * vectors zfs would have run are journaled per host.
 */
class TcpResumeTest {
    private static final String GET_TOKEN = "zfs get -H -o name,value receive_resume_token backup/home";
    private static final TransferOptions OPTIONS = TransferOptions.defaults().withBuffer(0, 0)
            .withRequested(Set.of(SendOption.RESUMABLE))
            .withTimes(Duration.ofMillis(200), Duration.ofSeconds(10), Duration.ofSeconds(5));
    private final ExecutorService receiverThread = Executors.newSingleThreadExecutor();

    @TempDir
    Path work;

    @AfterEach
    void stopReceiver() {
        receiverThread.shutdownNow();
    }

    @Test
    void shouldResumeWithSendMinusTWhenTheTargetsTokenResumesThisStep() throws Exception {
        OpenZfsHost source = new OpenZfsHost("source", OpenZfsHost.TO_GUID);
        OpenZfsHost target = new OpenZfsHost("target", OpenZfsHost.TO_GUID);

        Run run = run(source, target, step(OpenZfsHost.TO_GUID));

        assertThat(run.sent.succeeded()).as(run.sent.firstError()).isTrue();
        assertThat(run.sent.steps().get(0).step().kind()).isEqualTo(SendKind.RESUME);
        assertThat(source.commands()).containsExactly("zfs send -nvPt " + OpenZfsHost.TOKEN,
                "zfs send -t " + OpenZfsHost.TOKEN);
        assertThat(target.commands()).containsExactly(GET_TOKEN, "zfs recv -s -u backup/home");
        assertThat(run.senderLog).contains(
                "backup/home: resuming the interrupted receive of zr-2 from the target's resume token");
        assertThat(run.received.log()).contains(
                "backup/home: the sender resumes the interrupted receive from this host's resume token");
        assertThat(run.received.steps()).extracting(ReceivedStep::outcome).containsExactly(StepOutcome.OK);
        assertThat(work.resolve("received")).hasContent("stream");
    }

    @Test
    void shouldAbortAStaleTokenOnTheTargetBeforeTheStepFromItsStart() throws Exception {
        // the source's @zr-2 was made anew under the same name: the token resumes a guid no longer there
        OpenZfsHost source = new OpenZfsHost("source", 12345L);
        OpenZfsHost target = new OpenZfsHost("target", 12345L);

        Run run = run(source, target, step(12345L));

        assertThat(run.sent.succeeded()).as(run.sent.firstError()).isTrue();
        assertThat(run.sent.steps().get(0).step().kind()).isEqualTo(SendKind.INCREMENTAL);
        assertThat(source.commands()).containsExactly("zfs send -nvPt " + OpenZfsHost.TOKEN,
                OpenZfsHost.listCommand("tank/home"), "zfs send -i tank/home@zr-1 tank/home@zr-2");
        assertThat(target.commands()).containsExactly(GET_TOKEN, GET_TOKEN, "zfs recv -A backup/home",
                // one listing: the base checked, and the state a failed step is compared against
                OpenZfsHost.listCommand("backup/home"), "zfs recv -s -u backup/home");
        assertThat(run.senderLog).contains("backup/home: stale resume token (it resumes guid "
                + Long.toUnsignedString(OpenZfsHost.TO_GUID) + ", this step sends tank/home@zr-2 guid 12345): aborted "
                + "with zfs recv -A, sending the step from its start");
        assertThat(run.received.log()).contains("backup/home: zfs recv -A backup/home: the sender did not resume the "
                + "target's resume token (stale), so its partial receive was discarded before the step from its start");
        assertThat(work.resolve("received")).hasContent("stream");
    }

    @Test
    void shouldUseADatasetsTokenOnlyForItsFirstStep() {
        OpenZfsHost source = new OpenZfsHost("source", 12345L);
        ResumeTokens tokens = new ResumeTokens(java.util.Map.of("backup/home", OpenZfsHost.TOKEN));
        ZfsPreflight preflight = ZfsPreflight.sendingSide(source.zfs(), tokens);
        List<String> log = new ArrayList<>();

        preflight.check(step(12345L), Set.of(SendOption.RESUMABLE), log::add);
        preflight.check(step(12345L), Set.of(SendOption.RESUMABLE), log::add);

        assertThat(source.commands()).filteredOn(command -> command.startsWith("zfs send -nvPt")).hasSize(1);
        assertThat(log).singleElement().asString().contains("stale resume token");
    }

    private record Run(TransferReport sent, ReceiveServer.Report received, List<String> senderLog) {
    }

    /** One run as the two agents make it; the journals start with the token read before the run. */
    private Run run(OpenZfsHost source, OpenZfsHost target, SendStep step) throws Exception {
        Zfs sourceZfs = source.zfs();
        Zfs targetZfs = target.zfs();
        OptionResolver.Resolved resolved = OptionResolver.resolve(OPTIONS.requested(), sourceZfs.capabilities(),
                targetZfs.capabilities());
        source.clear();
        target.clear();
        ReplicationPlan plan = new ReplicationPlan(Instant.now(), "source", "target", List.of(new DatasetPlan(
                step.source(), step.target(), DatasetAction.SEND, "test", List.of(step))));
        ResumeTokens tokens = ResumeTokens.read(targetZfs, plan);
        ReceiveServer.Receiving receiving = new ReceiveServer.Receiving(ProcessSite.local(), target.streamCommands(
                null, List.of("dd", "of=" + work.resolve("received"), "status=none")), new ZfsPreflight(null,
                targetZfs), resolved.used(), OPTIONS, work);
        try (ReceiveServer server = ReceiveServer.open(plan, receiving,
                new ReceiveServer.Addresses("127.0.0.1", "127.0.0.1", "127.0.0.1", 0))) {
            Future<ReceiveServer.Report> serving = receiverThread.submit(server::serve);
            List<String> senderLog = java.util.Collections.synchronizedList(new ArrayList<>());
            TransferReport sent;
            try (RemoteReceiverTransport transport = RemoteReceiverTransport.connect(server.endpoints(), plan, OPTIONS)) {
                TransferSetup setup = new TransferSetup(transport, source.streamCommands(List.of("printf", "stream"),
                        null), ProcessSite.local(), ProcessSite.local(), sourceZfs.capabilities(),
                        targetZfs.capabilities(), ZfsPreflight.sendingSide(sourceZfs, tokens), StepGate.KEEP_ALL);
                sent = new TransferEngine(setup, OPTIONS, senderLog::add, Clock.systemUTC()).run(plan);
            }
            return new Run(sent, serving.get(60, TimeUnit.SECONDS), List.copyOf(senderLog));
        }
    }

    private static SendStep step(long toGuid) {
        return new SendStep(DatasetName.of("tank/home"), DatasetName.of("backup/home"), SendKind.INCREMENTAL,
                new SnapshotRef("zr-1", 77L, 10, 1700000000L), new SnapshotRef("zr-2", toGuid, 20, 1700000100L), null,
                false, -1);
    }
}
