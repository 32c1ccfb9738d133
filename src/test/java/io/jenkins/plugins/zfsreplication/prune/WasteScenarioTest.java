package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.StepDeriver;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * The waste the issue measures: snapshots that age out of the target's rules during the run.
 * One source, two target pools; "send then prune" (zrepl's way: every snapshot sent, one step
 * each, then the target pruned) against prune-before-send. Bytes are the real stream sizes.
 */
@ExtendWith(ZfsTestBed.class)
class WasteScenarioTest {
    /** Six hourly snapshots 6 to 11 hours old at NOW: all in the grid's one-day bucket, which keeps its oldest. */
    private static final String RULES = "grid: 1x6h(keep=all) | 3x1d";
    private static final List<String> SNAPSHOTS = List.of("zr-20261129T010000Z", "zr-20261129T020000Z",
            "zr-20261129T030000Z", "zr-20261129T040000Z", "zr-20261129T050000Z", "zr-20261129T060000Z");

    @Test
    void shouldSendNoByteForASnapshotTheTargetDestroysRightAfter(TestPools pools) {
        // given a file rewritten before every snapshot: each snapshot's own changes are 256 KiB
        DatasetName source = pools.create("wsrc");
        DatasetName sendThenPrune = pools.create("wa");
        DatasetName pruneFirst = pools.create("wb");
        Random random = new Random(42);
        for (String snapshot : SNAPSHOTS) {
            byte[] data = new byte[256 << 10];
            random.nextBytes(data);
            pools.write(source, "file", data);
            pools.exec("zfs", "snapshot", source + "@" + snapshot);
        }
        Zfs zfs = new Zfs(pools.runner());
        TestApply apply = new TestApply(pools);

        // when: send every snapshot, then prune the target
        ReplicationPlan all = PruneZfsTest.plan(zfs, source, sendThenPrune.resolve("c"));
        Map<String, Long> sentA = new java.util.LinkedHashMap<>();
        for (SendStep step : oneStepPerSnapshot(zfs, source, all)) {
            sentA.put(step.to().name(), apply.apply(step));
        }
        Set<String> destroyedA = destroyed(PruneZfsTest.prune(zfs, RULES, null, true)
                .run(PruneZfsTest.plan(zfs, source, sendThenPrune.resolve("c")), line -> { }));

        // and: prune before sending, send, prune the target
        PruneBeforeSend.Result pruned = PruneZfsTest.prune(zfs, RULES, null, false)
                .run(PruneZfsTest.plan(zfs, source, pruneFirst.resolve("c")), line -> { });
        Map<String, Long> sentB = new java.util.LinkedHashMap<>();
        for (SendStep step : pruned.plan().steps()) {
            sentB.put(step.to().name(), apply.apply(step));
        }
        Set<String> destroyedB = destroyed(PruneZfsTest.prune(zfs, RULES, null, true)
                .run(PruneZfsTest.plan(zfs, source, pruneFirst.resolve("c")), line -> { }));

        // then
        long wasteA = wasted(sentA, destroyedA);
        long wasteB = wasted(sentB, destroyedB);
        System.out.printf("waste scenario (%s, 6 snapshots of 256 KiB changes each):%n"
                        + "  send then prune:   sent %,d bytes in %d steps, %,d of them for snapshots destroyed right after%n"
                        + "  prune before send: sent %,d bytes in %d steps, %,d of them for snapshots destroyed right after%n",
                RULES, total(sentA), sentA.size(), wasteA, total(sentB), sentB.size(), wasteB);
        assertThat(wasteB).isZero();
        assertThat(destroyedA).containsExactlyInAnyOrderElementsOf(SNAPSHOTS.subList(1, 5));
        assertThat(wasteA).isGreaterThan(4L * (256 << 10));
        assertThat(total(sentB)).isLessThan(total(sentA) - wasteA / 2);
        // both targets end with the same snapshots, GUID for GUID
        assertThat(TestApply.snapshots(pools, pruneFirst + "/c")).isEqualTo(TestApply.snapshots(pools, sendThenPrune + "/c"))
                .extracting(line -> line.split(" ")[0]).containsExactly(SNAPSHOTS.get(0), SNAPSHOTS.get(5));
    }

    /** zrepl's replication: a full, then one -i per snapshot. */
    private static List<SendStep> oneStepPerSnapshot(Zfs zfs, DatasetName source, ReplicationPlan plan) {
        List<ZfsObject> snapshots = zfs.list(List.of(source), false, List.of()).snapshotsOf(source.name());
        SendStep first = plan.steps().get(0);
        List<SendStep> steps = new ArrayList<>(List.of(first));
        for (int i = 1; i < snapshots.size(); i++) {
            steps.add(new SendStep(first.source(), first.target(), SendKind.INCREMENTAL, StepDeriver.ref(snapshots.get(i - 1)),
                    StepDeriver.ref(snapshots.get(i)), null, false, -1));
        }
        return steps;
    }

    private static Set<String> destroyed(PruneBeforeSend.Result result) {
        Set<String> names = new HashSet<>();
        result.report().decisions().stream().filter(d -> d.verdict().destroyed()).forEach(d -> names.add(d.snapshot()));
        return names;
    }

    private static long wasted(Map<String, Long> sent, Set<String> destroyed) {
        return sent.entrySet().stream().filter(e -> destroyed.contains(e.getKey())).mapToLong(Map.Entry::getValue).sum();
    }

    private static long total(Map<String, Long> sent) {
        return sent.values().stream().mapToLong(Long::longValue).sum();
    }
}
