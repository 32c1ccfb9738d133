package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.io.TempDir;

import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.transfer.BaseHolds;
import io.jenkins.plugins.zfsreplication.transfer.LocalTransport;
import io.jenkins.plugins.zfsreplication.transfer.SendRecvJob;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.HoldChange;
import io.jenkins.plugins.zfsreplication.zfs.HoldChange.Outcome;
import io.jenkins.plugins.zfsreplication.zfs.RecordingRunner;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsBackend;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTest;

/**
 * The run's holds in batches, on real pools: one {@code zfs hold} for everything a run may deliver,
 * one hold of the new bases and one {@code zfs release} of the superseded ones on each side, however
 * many datasets, with the same holds left and the same lines logged as one command per snapshot
 * gave. A batch in which some snapshots fail says which, and leaves the others done. The chains'
 * send flags are read once a run too, not once a step.
 */
class BatchedHoldsZfsTest {
    private static final String TAG = "zfs-replication:nas";
    private static final String N0 = "zr-20261101T000000Z";
    private static final String N1 = "zr-20261102T000000Z";
    private final List<String> log = new CopyOnWriteArrayList<>();

    @TempDir
    Path folder;

    @ZfsTest
    void shouldHoldAndReleaseEachSidesSnapshotsInOneCommandEach(TestPools pools) throws IOException {
        DatasetName source = pools.create("bhs").resolve("tree");
        DatasetName target = pools.create("bht").resolve("tree");
        List<DatasetName> sources = List.of(source, source.resolve("a"), source.resolve("b"));
        List<DatasetName> targets = List.of(target, target.resolve("a"), target.resolve("b"));
        sources.forEach(dataset -> pools.exec("zfs", "create", dataset.name()));
        Zfs planning = new Zfs(pools.runner());
        RecordingRunner recorder = new RecordingRunner(pools.runner());
        Zfs zfs = new Zfs(recorder);

        night(pools, sources, N0);
        recorder.clear();
        assertThat(run(pools, zfs, PruneZfsTest.plan(planning, source, target), "n0").succeeded())
                .as(String.join("\n", log)).isTrue();
        assertThat(holdCommands(recorder)).containsExactly(
                hold("hold", sources, N0), // what the run may deliver, before it sends
                hold("hold", sources, N0), // the new bases on the source (there already)
                hold("hold", targets, N0));
        assertThat(held(pools, sources)).containsExactly(List.of(N0), List.of(N0), List.of(N0));
        assertThat(held(pools, targets)).containsExactly(List.of(N0), List.of(N0), List.of(N0));
        // full sends start the chains: nothing to read, each one's flags recorded: by its zfs recv
        // itself where zfs takes recv -o (OpenZFS), else by a zfs set (zfs-fuse): the root's after its
        // receive (its check is made at once, new datasets arrive below it), the children's together
        // after the run's last receive
        assertThat(sendFlagsReads(recorder)).isEmpty();
        assertThat(sendFlags(pools, targets)).containsExactly("none", "none", "none");
        boolean byReceive = pools.backend() == ZfsBackend.OPENZFS;
        assertThat(recorder.commands()).filteredOn(c -> c.get(1).equals("set")
                && c.get(2).startsWith("zfs-replication:send-flags=")).containsExactlyElementsOf(byReceive ? List.of()
                        : List.of(List.of("zfs", "set", "zfs-replication:send-flags=none", target.name()),
                                List.of("zfs", "set", "zfs-replication:send-flags=none", target.resolve("a").name(),
                                        target.resolve("b").name())));
        assertThat(recorder.commands()).filteredOn(c -> c.contains("keystatus")).isEmpty();
        assertThat(log).filteredOn(line -> line.contains(" started ") && line.contains("send-flags=none"))
                .hasSize(byReceive ? 3 : 0);

        night(pools, sources, N1);
        recorder.clear();
        log.clear();
        assertThat(run(pools, zfs, PruneZfsTest.plan(planning, source, target), "n1").succeeded())
                .as(String.join("\n", log)).isTrue();
        assertThat(holdCommands(recorder)).containsExactly(
                hold("hold", sources, N1),
                hold("hold", sources, N1),
                hold("release", sources, N0),
                hold("hold", targets, N1),
                hold("release", targets, N0));
        // the chains' flags, read once for the run's incremental steps
        List<String> read = new ArrayList<>(List.of("zfs", "get", "-H", "-s", "local", "-o", "name,value",
                "zfs-replication:send-flags"));
        targets.forEach(dataset -> read.add(dataset.name()));
        assertThat(sendFlagsReads(recorder)).containsExactly(read);
        // the held snapshots read from the listing of what arrived, one of each side, not one a dataset:
        // the target's made by the checks after the run's receives, read again by the holds
        assertThat(recorder.commands()).filteredOn(c -> c.stream().anyMatch(a -> a.contains("userrefs")))
                .extracting(BatchedHoldsZfsTest::treeListed).containsExactly(target.name(), source.name());
        assertThat(held(pools, sources)).containsExactly(List.of(N1), List.of(N1), List.of(N1));
        assertThat(held(pools, targets)).containsExactly(List.of(N1), List.of(N1), List.of(N1));
        // the log says what one command a snapshot said, in the same order
        List<String> expected = new ArrayList<>();
        sources.forEach(dataset -> expected.add("hold " + TAG + " on " + dataset + "@" + N1 + " (being sent)"));
        for (List<DatasetName> side : List.of(sources, targets)) {
            for (DatasetName dataset : side) {
                expected.add("hold " + TAG + " on " + dataset + "@" + N1 + (side == sources ? " (already there)" : ""));
                expected.add("release " + TAG + " from " + dataset + "@" + N0 + " (superseded by " + N1 + ")");
            }
        }
        assertThat(log).filteredOn(line -> line.startsWith("hold ") || line.startsWith("release "))
                .containsExactlyElementsOf(expected);
    }

    @ZfsTest
    void shouldSayWhichSnapshotsOfABatchFailedAndLeaveTheOthersDone(TestPools pools) {
        DatasetName pool = pools.create("bhf");
        DatasetName a = pool.resolve("a");
        DatasetName b = pool.resolve("b");
        pools.exec("zfs", "create", a.name());
        pools.exec("zfs", "create", b.name());
        for (String snapshot : List.of(a + "@1", a + "@2", b + "@1")) {
            pools.exec("zfs", "snapshot", snapshot);
        }
        pools.exec("zfs", "hold", TAG, a + "@1");
        RecordingRunner recorder = new RecordingRunner(pools.runner());
        Zfs zfs = new Zfs(recorder);

        // a@1 has the tag already, c is no dataset, a@9 no snapshot
        Map<SnapshotName, HoldChange> held = zfs.hold(TAG, List.of(a.snapshot("1"), a.snapshot("2"), b.snapshot("1"),
                pool.resolve("c").snapshot("1"), a.snapshot("9")));
        assertThat(outcomes(held)).containsExactly(Map.entry(a + "@1", Outcome.UNCHANGED),
                Map.entry(a + "@2", Outcome.CHANGED), Map.entry(b + "@1", Outcome.CHANGED),
                Map.entry(pool + "/c@1", Outcome.FAILED), Map.entry(a + "@9", Outcome.FAILED));
        assertThat(held.get(pool.resolve("c").snapshot("1")).message()).contains("'" + pool + "/c")
                .contains("dataset does not exist");
        assertThat(held.get(a.snapshot("9")).message()).contains("'" + a + "@9'").contains("does not exist");
        assertThat(recorder.commands()).containsExactly(List.of("zfs", "hold", TAG, a + "@1", a + "@2", b + "@1",
                pool + "/c@1", a + "@9"));
        assertThat(userrefs(pools, a + "@1", a + "@2", b + "@1")).containsExactly("1", "1", "1");

        recorder.clear();
        // b@1 twice: zfs would refuse the second, so it goes once; a@9 is gone, which changes nothing
        Map<SnapshotName, HoldChange> released = zfs.release(TAG, List.of(a.snapshot("1"), b.snapshot("1"),
                a.snapshot("9"), b.snapshot("1")));
        assertThat(outcomes(released)).containsExactly(Map.entry(a + "@1", Outcome.CHANGED),
                Map.entry(b + "@1", Outcome.CHANGED), Map.entry(a + "@9", Outcome.UNCHANGED));
        assertThat(recorder.commands()).containsExactly(List.of("zfs", "release", TAG, a + "@1", b + "@1", a + "@9"));
        assertThat(userrefs(pools, a + "@1", a + "@2", b + "@1")).containsExactly("0", "1", "0");
        pools.exec("zfs", "release", TAG, a + "@2");
    }

    private TransferReport run(TestPools pools, Zfs zfs, ReplicationPlan plan, String artifacts) throws IOException {
        Transport transport = pools.backend() == ZfsBackend.OPENZFS ? new GuestTransport() : new LocalTransport();
        return SendRecvJob.bothEnds(transport, zfs, zfs, null, plan, TransferOptions.defaults(), log::add)
                .run(plan, folder.resolve(artifacts), new BaseHolds(zfs, zfs, "nas")).report();
    }

    private static void night(TestPools pools, List<DatasetName> datasets, String snapshot) {
        for (DatasetName dataset : datasets) {
            pools.write(dataset, snapshot, snapshot.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            // zfs-fuse takes one snapshot per call
            pools.exec("zfs", "snapshot", dataset + "@" + snapshot);
        }
    }

    private static List<String> hold(String verb, List<DatasetName> datasets, String snapshot) {
        List<String> command = new ArrayList<>(List.of("zfs", verb, TAG));
        datasets.forEach(dataset -> command.add(dataset + "@" + snapshot));
        return command;
    }

    /**
     * The tree a recursive listing names, as zfs-fuse ({@code zfs get -r}) and OpenZFS ({@code zfs
     * list -r -t all}) are asked; "not recursive" for any other command.
     */
    private static String treeListed(List<String> command) {
        return command.contains("-r") && (command.get(1).equals("get") || command.get(1).equals("list"))
                ? command.get(command.size() - 1) : "not recursive: " + command;
    }

    private static List<List<String>> holdCommands(RecordingRunner recorder) {
        return recorder.commands().stream().filter(c -> c.get(1).equals("hold") || c.get(1).equals("release")).toList();
    }

    private static List<List<String>> sendFlagsReads(RecordingRunner recorder) {
        return recorder.commands().stream().filter(c -> c.get(1).equals("get")
                && c.contains("zfs-replication:send-flags")).toList();
    }

    private static List<String> sendFlags(TestPools pools, List<DatasetName> datasets) {
        return datasets.stream().map(dataset -> pools.exec("zfs", "get", "-H", "-s", "local", "-o", "value",
                "zfs-replication:send-flags", dataset.name()).stdout().strip()).toList();
    }

    private static Map<String, Outcome> outcomes(Map<SnapshotName, HoldChange> changes) {
        Map<String, Outcome> outcomes = new LinkedHashMap<>();
        changes.forEach((snapshot, change) -> outcomes.put(snapshot.toString(), change.outcome()));
        return outcomes;
    }

    /** Per dataset, its held snapshots, oldest first (zfs holds needs Python on zfs-fuse; userrefs tells the same). */
    private static List<List<String>> held(TestPools pools, List<DatasetName> datasets) {
        List<List<String>> held = new ArrayList<>();
        for (DatasetName dataset : datasets) {
            List<String> names = new ArrayList<>();
            for (String line : pools.exec("zfs", "list", "-H", "-t", "snapshot", "-o", "name", "-s", "createtxg", "-r",
                    dataset.name()).stdout().split("\n")) {
                if (line.startsWith(dataset + "@") && !userrefs(pools, line.strip()).get(0).equals("0")) {
                    names.add(line.substring(line.indexOf('@') + 1).strip());
                }
            }
            held.add(names);
        }
        return held;
    }

    private static List<String> userrefs(TestPools pools, String... snapshots) {
        List<String> refs = new ArrayList<>();
        for (String snapshot : snapshots) {
            refs.add(pools.exec("zfs", "get", "-H", "-o", "value", "userrefs", snapshot).stdout().strip());
        }
        return refs;
    }
}
