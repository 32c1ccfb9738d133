package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveServer;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceivedStep;
import io.jenkins.plugins.zfsreplication.transfer.tcp.RemoteReceiverTransport;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.TestProcesses;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;

/**
 * Resume over tcp between two agents on real OpenZFS: the receiving side ({@link ReceiveServer})
 * and the sending side ({@link RemoteReceiverTransport} under the engine) as the agents run them,
 * joined over 127.0.0.1 with TLS, each stream end a real {@code zfs send} or {@code zfs recv} in
 * the guest (over ssh, so the bytes a stage counts include ssh's own few KiB). The target's token
 * comes from a receive cut off after 1 MiB; it is read on the target before the run and handed to
 * the sender ({@link ResumeTokens}) as zfsSendRecv does.
 */
@ExtendWith(OpenZfsTestBed.class)
class OpenZfsTcpResumeTest {
    /** What the ssh client of a stage reads and writes besides the stream: measured 40-75 KiB. */
    private static final long SSH_SLACK = 128 << 10;
    private static final TransferOptions OPTIONS = TransferOptions.defaults().withBuffer(0, 0)
            .withRequested(Set.of(SendOption.RESUMABLE))
            .withTimes(Duration.ofMillis(500), Duration.ofSeconds(120), Duration.ofSeconds(120));
    private final ExecutorService receiverThread = Executors.newSingleThreadExecutor();

    @TempDir
    Path work;

    @AfterEach
    void stopReceiver() {
        receiverThread.shutdownNow();
    }

    @Test
    void shouldResumeFromTheTokenTheTargetsAgentReadAndSendOnlyTheRest(TestPools pools) throws Exception {
        ResumeFlowTest.Cut cut = ResumeFlowTest.cut(pools, "rsrc", "rdst");
        long rest = streamBytes(pools, List.of("zfs", "send", "-t", cut.token()));
        long full = streamBytes(pools, List.of("zfs", "send", cut.source() + "@s1"));

        Run run = run(pools, cut.step());

        assertThat(run.sent.succeeded()).as(run.sent.firstError() + "\n" + run.senderLog + "\n" + run.received.log())
                .isTrue();
        StepResult step = run.sent.steps().get(0);
        assertThat(step.step().kind()).isEqualTo(SendKind.RESUME);
        assertThat(step.measured().bytes()).isBetween(rest, rest + SSH_SLACK);
        assertThat(rest).isLessThan(full - (512 << 10));
        assertThat(run.senderLog).contains(cut.target() + ": resuming the interrupted receive of s1 from the target's "
                + "resume token");
        assertThat(run.received.log()).contains(cut.target() + ": the sender resumes the interrupted receive from this "
                + "host's resume token");
        assertThat(run.received.steps()).extracting(ReceivedStep::outcome).containsExactly(StepOutcome.OK);
        assertThat(ResumeFlowTest.token(pools, cut.target())).isEqualTo("-");
        assertThat(TestApply.guid(pools, cut.target() + "@s1")).isEqualTo(TestApply.guid(pools, cut.source() + "@s1"));
        TestProcesses.println(String.format("tcp resume: %d bytes counted, zfs send -t: %d, full stream: %d",
                step.measured().bytes(), rest, full));
    }

    @Test
    void shouldAbortAStaleTokenOnTheTargetAndSendTheStepFromItsStart(TestPools pools) throws Exception {
        ResumeFlowTest.Cut cut = ResumeFlowTest.cut(pools, "ssrc", "sdst");
        // the source's @s1 made anew under the same name: the token resumes a snapshot no longer there
        pools.exec("zfs", "destroy", cut.source() + "@s1");
        pools.exec("zfs", "snapshot", cut.source() + "@s1");
        SendStep step = cut.step();
        long full = streamBytes(pools, List.of("zfs", "send", cut.source() + "@s1"));

        Run run = run(pools, step);

        assertThat(run.sent.succeeded()).as(run.sent.firstError() + "\n" + run.senderLog + "\n" + run.received.log())
                .isTrue();
        StepResult result = run.sent.steps().get(0);
        assertThat(result.step().kind()).isEqualTo(SendKind.FULL);
        assertThat(result.measured().bytes()).isBetween(full, full + SSH_SLACK);
        // the token read here (not asked of the source): it names the old @s1's guid
        String oldGuid = Long.toUnsignedString(io.jenkins.plugins.zfsreplication.zfs.ResumeToken.parse(cut.token())
                .toGuid());
        assertThat(run.senderLog).contains(cut.target() + ": stale resume token (it resumes guid " + oldGuid + " ("
                + cut.source() + "@s1), this step sends @s1 guid " + step.to().guidText() + "): aborted with zfs recv "
                + "-A, sending the step from its start");
        assertThat(run.received.log()).contains(cut.target() + ": zfs recv -A " + cut.target() + ": the sender did not "
                + "resume the target's resume token (stale), so its partial receive was discarded before the step "
                + "from its start");
        assertThat(ResumeFlowTest.token(pools, cut.target())).isEqualTo("-");
        assertThat(TestApply.guid(pools, cut.target() + "@s1")).isEqualTo(step.to().guidText());
    }

    @Test
    void shouldCheckADatasetsTokenOnlyBeforeItsFirstStep(TestPools pools) {
        ResumeFlowTest.Cut cut = ResumeFlowTest.cut(pools, "osrc", "odst");
        pools.exec("zfs", "destroy", cut.source() + "@s1");
        pools.exec("zfs", "snapshot", cut.source() + "@s1");
        List<List<String>> commands = new ArrayList<>();
        Zfs recording = new Zfs(new TestApply.Recording(pools.runner(), commands));
        ResumeTokens tokens = new ResumeTokens(java.util.Map.of(cut.target().name(), cut.token()));
        ZfsPreflight preflight = ZfsPreflight.sendingSide(recording, tokens);
        List<String> log = new ArrayList<>();

        SendStep first = preflight.check(cut.step(), Set.of(SendOption.RESUMABLE), log::add);
        SendStep second = preflight.check(cut.step(), Set.of(SendOption.RESUMABLE), log::add);

        assertThat(List.of(first, second)).containsExactly(cut.step(), cut.step());
        // the token is read here: one that does not match the step is not even asked about on the source
        assertThat(commands).filteredOn(command -> command.contains("-nvPt")).isEmpty();
        assertThat(log).singleElement().asString().contains("stale resume token");
    }

    private record Run(TransferReport sent, ReceiveServer.Report received, List<String> senderLog) {
    }

    /** One run as the two agents make it: the token read on the target first, then both sides over tcp. */
    private Run run(TestPools pools, SendStep step) throws Exception {
        Zfs zfs = new Zfs(pools.runner());
        StreamCommands inGuest = inGuest();
        OptionResolver.Resolved resolved = OptionResolver.resolve(OPTIONS.requested(), zfs.capabilities(),
                zfs.capabilities());
        assertThat(resolved.used()).contains(SendOption.RESUMABLE);
        ReplicationPlan plan = new ReplicationPlan(Instant.now(), "source", "target", List.of(new DatasetPlan(
                step.source(), step.target(), DatasetAction.SEND, "test", List.of(step))));
        ResumeTokens tokens = ResumeTokens.read(zfs, plan);
        ReceiveServer.Receiving receiving = new ReceiveServer.Receiving(ProcessSite.local(), inGuest,
                new ZfsPreflight(null, zfs), resolved.used(), OPTIONS, work);
        try (ReceiveServer server = ReceiveServer.open(plan, receiving,
                new ReceiveServer.Addresses("127.0.0.1", "127.0.0.1", "127.0.0.1", 0))) {
            Future<ReceiveServer.Report> serving = receiverThread.submit(server::serve);
            List<String> senderLog = Collections.synchronizedList(new ArrayList<>());
            TransferReport sent;
            try (RemoteReceiverTransport transport = RemoteReceiverTransport.connect(server.endpoints(), plan, OPTIONS)) {
                TransferSetup setup = new TransferSetup(transport, inGuest, ProcessSite.local(), ProcessSite.local(),
                        zfs.capabilities(), zfs.capabilities(), ZfsPreflight.sendingSide(zfs, tokens), StepGate.KEEP_ALL);
                sent = new TransferEngine(setup, OPTIONS, senderLog::add, Clock.systemUTC()).run(plan);
            }
            return new Run(sent, serving.get(5, TimeUnit.MINUTES), List.copyOf(senderLog));
        }
    }

    /** The engine's own zfs send and zfs recv, each run in the guest by an ssh client of its own. */
    private static StreamCommands inGuest() {
        SshCommandRunner ssh = new SshCommandRunner(System.getenv().getOrDefault("ZFSR_GUEST_SSH_HOST", "zfsr-guest"),
                List.of("-F", System.getenv("ZFSR_GUEST_SSH_CONFIG"), "-o", "ControlMaster=no", "-o", "ControlPath=none",
                        "-o", "ConnectTimeout=180"), new ProcessCommandRunner());
        StreamCommands zfs = new ZfsStreamCommands();
        return new StreamCommands() {
            @Override
            public List<String> source(SendStep step, Set<SendOption> used) {
                return ssh.wrap(zfs.source(step, used));
            }

            @Override
            public List<String> sink(SendStep step, Set<SendOption> used, TransferOptions options) {
                return ssh.wrap(zfs.sink(step, used, options));
            }
        };
    }

    /** The oracle: the bytes of {@code send}'s stream, counted in the guest. */
    private static long streamBytes(TestPools pools, List<String> send) {
        return Long.parseLong(pools.exec("sh", "-c", SshCommandRunner.quote(send) + " | wc -c").stdout().strip());
    }
}
