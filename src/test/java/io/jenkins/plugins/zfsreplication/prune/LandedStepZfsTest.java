package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.io.TempDir;

import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.transfer.BaseHolds;
import io.jenkins.plugins.zfsreplication.transfer.LocalTransport;
import io.jenkins.plugins.zfsreplication.transfer.PipelineSpec;
import io.jenkins.plugins.zfsreplication.transfer.SendRecvJob;
import io.jenkins.plugins.zfsreplication.transfer.StepOutcome;
import io.jenkins.plugins.zfsreplication.transfer.StepResult;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsBackend;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTest;

/**
 * A step reported failed can still have delivered: a {@code zfs send -I} stream cut off half way
 * leaves on the target every snapshot that arrived whole, and that newest one is the target's base
 * from then on. The run's holds and bookmarks follow what is on the target, not the steps'
 * outcomes, so a prune that knows no plan (the source's own rules) keeps that base, and the next
 * run continues incrementally from it. Real pools, a real stream cut by {@code head -c}.
 */
class LandedStepZfsTest {
    private static final List<String> NIGHTS = List.of("zr-20261101T000000Z", "zr-20261102T000000Z",
            "zr-20261103T000000Z");
    private static final String TAG = "zfs-replication:nas";
    private final List<String> log = new CopyOnWriteArrayList<>();

    @TempDir
    Path folder;

    @ZfsTest
    void shouldHoldWhatACutStreamLeftOnTheTargetSoThatNoPruneTakesItsBase(TestPools pools) throws IOException {
        DatasetName source = pools.create("lds").resolve("data");
        DatasetName target = pools.create("ldt").resolve("data");
        pools.exec("zfs", "create", source.name());
        Zfs zfs = new Zfs(pools.runner());
        Random random = new Random(3);
        night(pools, source, 0, 64 << 10, random);
        TransferReport first = run(pools, zfs, PruneZfsTest.plan(zfs, source, target), "n0", Long.MAX_VALUE);
        assertThat(first.succeeded()).as(String.join("\n", log)).isTrue();
        night(pools, source, 1, 64 << 10, random);
        night(pools, source, 2, 4 << 20, random);
        ReplicationPlan plan = PruneZfsTest.plan(zfs, source, target);
        assertThat(plan.steps()).extracting(SendStep::kind, s -> s.from().name(), s -> s.to().name())
                .containsExactly(tuple(SendKind.INCREMENTAL_RANGE, NIGHTS.get(0), NIGHTS.get(2)));

        // the stream is cut inside the last snapshot: the one before it arrives whole. The -I stream of the
        // first two alone ends where that snapshot's part ends, give or take the header listing one snapshot
        // less and its end record (a few hundred bytes); the last snapshot's part is megabytes
        long firstPart = Long.parseLong(pools.exec("sh", "-c", SshCommandRunner.quote(List.of("zfs", "send", "-I",
                source + "@" + NIGHTS.get(0), source + "@" + NIGHTS.get(1))) + " | wc -c").stdout().strip());
        log.clear();
        TransferReport cut = run(pools, zfs, plan, "n1", firstPart + 1024);

        assertThat(cut.steps()).extracting(StepResult::outcome).containsExactly(StepOutcome.FAILED);
        // zfs recv was left to end by itself at the stream's end, not killed while it wrote the target
        // ("zfs recv", or "recv in the guest" where the pipeline runs there)
        assertThat(cut.steps().get(0).message()).containsPattern("recv[a-z ]* exited 1: cannot receive ")
                .doesNotContainPattern("recv[a-z ]* killed");
        assertThat(names(pools, target)).containsExactly(NIGHTS.get(0), NIGHTS.get(1));
        // held before sending, then kept where it arrived; the older base let go
        assertThat(log).contains("hold " + TAG + " on " + source + "@" + NIGHTS.get(1) + " (being sent)",
                "hold " + TAG + " on " + source + "@" + NIGHTS.get(2) + " (being sent)",
                source + "@" + NIGHTS.get(1) + " is on the target although no step of it completed: held and"
                        + " bookmarked as its base");
        assertThat(held(pools, source)).as(String.join("\n", log)).containsExactly(NIGHTS.get(1), NIGHTS.get(2));
        assertThat(held(pools, target)).as(String.join("\n", log)).containsExactly(NIGHTS.get(1));

        // the source's own rules, no plan: only the newest and what is held stay
        PruneReport pruned = new LocalPrune(zfs, Selection.of(List.of(source), false),
                PruneZfsTest.options(null, "last: 1"), true, Destroyer.ErrorPolicy.CONTINUE).run(line -> { });
        assertThat(pruned.decisions()).filteredOn(d -> d.verdict().destroyed() && (d.side() == CandidateSide.SOURCE))
                .extracting(PruneDecision::snapshot)
                .containsExactly(NIGHTS.get(0));
        assertThat(names(pools, source)).containsExactly(NIGHTS.get(1), NIGHTS.get(2));

        // the backup goes on from what arrived
        log.clear();
        ReplicationPlan next = PruneZfsTest.plan(zfs, source, target);
        assertThat(next.steps()).extracting(s -> s.from().name(), s -> s.to().name())
                .containsExactly(tuple(NIGHTS.get(1), NIGHTS.get(2)));
        TransferReport again = run(pools, zfs, next, "n2", Long.MAX_VALUE);
        assertThat(again.succeeded()).as(String.join("\n", log)).isTrue();
        assertThat(names(pools, target)).containsExactly(NIGHTS.get(0), NIGHTS.get(1), NIGHTS.get(2));
        // only the new base keeps the run's hold, on each side
        String account = String.join("\n", log);
        assertThat(held(pools, source)).as(account).containsExactly(NIGHTS.get(2));
        assertThat(held(pools, target)).as(account).containsExactly(NIGHTS.get(2));
    }

    /** A run with target id "nas", its stream cut after {@code bytes} (Long.MAX_VALUE: whole). */
    private TransferReport run(TestPools pools, Zfs zfs, ReplicationPlan plan, String artifacts, long bytes)
            throws IOException {
        Transport transport = pools.backend() == ZfsBackend.OPENZFS ? new GuestTransport() : new LocalTransport();
        Transport used = bytes == Long.MAX_VALUE ? transport : new CuttingTransport(transport, bytes);
        return SendRecvJob.bothEnds(used, zfs, zfs, null, plan, TransferOptions.defaults(), log::add)
                .run(plan, folder.resolve(artifacts), new BaseHolds(zfs, zfs, "nas")).report();
    }

    private static void night(TestPools pools, DatasetName dataset, int night, int bytes, Random random) {
        byte[] data = new byte[bytes];
        random.nextBytes(data);
        pools.write(dataset, "night" + night, data);
        pools.exec("zfs", "snapshot", dataset + "@" + NIGHTS.get(night));
    }

    private static List<String> names(TestPools pools, DatasetName dataset) {
        List<String> names = new ArrayList<>();
        for (String line : pools.exec("zfs", "list", "-H", "-t", "snapshot", "-o", "name", "-s", "createtxg", "-r",
                dataset.name()).stdout().split("\n")) {
            if (!line.isBlank()) {
                names.add(line.substring(line.indexOf('@') + 1));
            }
        }
        return names;
    }

    /**
     * The snapshots of {@code dataset} that carry the run's hold ({@link #TAG}). Not {@code userrefs}:
     * zfs-fuse's sends hold what they send with temporary holds of their own, which under load were
     * seen to outlast the send by more than ten seconds. zfs-fuse has no {@code zfs holds} (it needs
     * Python there), so each snapshot is asked with a hold of the same tag: zfs refuses it where the
     * tag is there, and where it was not, the hold just placed is released again.
     */
    private static List<String> held(TestPools pools, DatasetName dataset) {
        List<String> held = new ArrayList<>();
        for (String name : names(pools, dataset)) {
            String snapshot = dataset + "@" + name;
            CommandResult probe = pools.runner().run(List.of("zfs", "hold", TAG, snapshot), Duration.ofMinutes(1));
            if (probe.succeeded()) {
                pools.exec("zfs", "release", TAG, snapshot);
            } else if (probe.stderr().contains("tag already exists")) {
                held.add(name);
            } else {
                throw new AssertionError("zfs hold " + TAG + " " + snapshot + ": " + probe.stderr());
            }
        }
        return held;
    }

    /** A transport whose stream stops after a number of bytes: {@code head -c} in front of zfs recv. */
    private record CuttingTransport(Transport inner, long bytes) implements Transport {
        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public RunningPipeline start(PipelineSpec spec) {
            List<StageCommand> receive = new ArrayList<>();
            receive.add(new StageCommand("cut", List.of("head", "-c", Long.toString(bytes))));
            receive.addAll(spec.receiveSide());
            return inner.start(new PipelineSpec(spec.label(), spec.sendSide(), receive, spec.sender(), spec.receiver(),
                    spec.workDir(), spec.options(), spec.step()));
        }
    }
}
