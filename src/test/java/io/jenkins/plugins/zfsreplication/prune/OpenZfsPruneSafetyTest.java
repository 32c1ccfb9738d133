package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.Encryption;
import io.jenkins.plugins.zfsreplication.plan.PlanOptions;
import io.jenkins.plugins.zfsreplication.plan.PlanRun;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.transfer.SendRecvJob;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;

/**
 * What prune safety needs of OpenZFS alone: an encrypted dataset stays raw when prune derives new
 * steps and asks {@code zfs send -nP} for their size (raw sends and size estimates), and a base the
 * source keeps only as a bookmark survives a prune without a plan (bookmarks).
 */
@ExtendWith(OpenZfsTestBed.class)
class OpenZfsPruneSafetyTest {
    private static final List<String> HOURS = PruneZfsTest.HOURLY.subList(0, 3);
    private static final int MIB = 1 << 20;
    private final List<String> log = new ArrayList<>();

    @TempDir
    Path folder;

    @Test
    void shouldKeepAnEncryptedDatasetRawWhenPruneEstimatesTheStepsItDerived(TestPools pools) throws IOException {
        DatasetName pool = pools.create("rsec");
        DatasetName source = pool.resolve("secret");
        DatasetName target = pools.create("rtgt").resolve("secret");
        String keyFile = "/zdata/" + pool + ".key";
        try {
            pools.exec("sh", "-c", "printf '%s' 'correct horse battery staple' > " + keyFile);
            pools.exec("zfs", "create", "-o", "encryption=on", "-o", "keyformat=passphrase", "-o",
                    "keylocation=file://" + keyFile, source.name());
            Zfs zfs = new Zfs(pools.runner());
            Random random = new Random(7);
            write(pools, source, 0, random);
            run(zfs, plan(zfs, source, target), "h0");
            write(pools, source, 1, random);
            write(pools, source, 2, random);
            ReplicationPlan plan = plan(zfs, source, target);
            assertThat(plan.steps()).extracting(SendStep::kind).containsExactly(SendKind.INCREMENTAL_RANGE);

            // prune drops the middle snapshot: the new -i step was never estimated, so prune asks zfs send -nP
            PruneBeforeSend.Result pruned = PruneZfsTest.prune(zfs, "regex: T0[13]0000Z$", null, false)
                    .run(plan, line -> { });

            assertThat(pruned.plan().steps()).extracting(SendStep::kind, s -> s.estimatedBytes() > 0)
                    .containsExactly(tuple(SendKind.INCREMENTAL, true));
            assertThat(pruned.plan().datasets()).extracting(DatasetPlan::encryption)
                    .containsExactly(new Encryption("aes-256-gcm", source.name(), "available"));
            // and the run sends it raw onto the raw copy (zfs refuses a decrypted incremental there)
            TransferReport report = run(zfs, pruned.plan(), "h2");
            assertThat(report.steps()).extracting(s -> s.step().kind(), s -> s.options().contains("raw"))
                    .containsExactly(tuple(SendKind.INCREMENTAL, true));
            assertThat(pools.exec("zfs", "get", "-H", "-o", "value", "encryption,keystatus", target.name()).stdout()
                    .strip().split("\n")).containsExactly("aes-256-gcm", "unavailable");
            assertThat(names(pools, target)).containsExactly(HOURS.get(0), HOURS.get(2));
        } finally {
            pools.runner().run(List.of("rm", "-f", keyFile), java.time.Duration.ofSeconds(30));
        }
    }

    @Test
    void shouldLetTheBaseSnapshotGoWhereItsBookmarkStays(TestPools pools) throws IOException {
        DatasetName source = pools.create("bsrc").resolve("data");
        DatasetName target = pools.create("btgt").resolve("data");
        pools.exec("zfs", "create", source.name());
        Zfs zfs = new Zfs(pools.runner());
        Random random = new Random(8);
        write(pools, source, 0, random);
        run(zfs, plan(zfs, source, target), "b0"); // bookmarks #00, the target's base
        write(pools, source, 1, random);
        write(pools, source, 2, random);

        // prune without a plan knows no target, but the newest bookmark records a target's base
        PruneReport report = new LocalPrune(zfs, Selection.of(List.of(source), false),
                PruneZfsTest.options(null, "last: 1"), true, Destroyer.ErrorPolicy.CONTINUE).run(line -> { });

        assertThat(report.decisions()).extracting(d -> d.side().label(), PruneDecision::snapshot, d -> d.verdict().decision(),
                d -> d.verdict().destroyed()).containsExactly(
                        tuple("source", HOURS.get(0), Decision.DESTROY, true),
                        tuple("source", HOURS.get(1), Decision.DESTROY, true),
                        tuple("source", HOURS.get(2), Decision.KEEP, false),
                        tuple("bookmark", HOURS.get(0), Decision.KEEP, false));
        assertThat(pools.exec("zfs", "list", "-H", "-t", "bookmark", "-o", "name", source.name()).stdout())
                .isEqualTo(source + "#" + HOURS.get(0) + "\n");
        // the base survives as the bookmark: the next plan sends from it, incrementally
        ReplicationPlan next = plan(zfs, source, target);
        assertThat(next.datasets()).extracting(DatasetPlan::action).containsExactly(DatasetAction.SEND);
        assertThat(next.steps()).extracting(SendStep::kind, s -> s.from().name())
                .containsExactly(tuple(SendKind.INCREMENTAL_FROM_BOOKMARK, HOURS.get(0)));
    }

    private static ReplicationPlan plan(Zfs zfs, DatasetName source, DatasetName target) {
        PlanOptions options = new PlanOptions(Selection.of(List.of(source), true), target, SnapshotNaming.of("zr"),
                false, false);
        return new PlanRun(zfs, zfs, options, false, true).run(PruneZfsTest.NOW, line -> { });
    }

    private TransferReport run(Zfs zfs, ReplicationPlan plan, String artifacts) throws IOException {
        TransferReport report = SendRecvJob.bothEnds(new GuestTransport(), zfs, zfs, null, plan,
                TransferOptions.defaults(), log::add).run(plan, folder.resolve(artifacts)).report();
        assertThat(report.succeeded()).as(String.join("\n", log)).isTrue();
        return report;
    }

    private static void write(TestPools pools, DatasetName dataset, int hour, Random random) {
        byte[] data = new byte[MIB];
        random.nextBytes(data);
        pools.write(dataset, "hour" + hour, data);
        pools.exec("zfs", "snapshot", dataset + "@" + HOURS.get(hour));
    }

    private static List<String> names(TestPools pools, DatasetName dataset) {
        return TestApply.snapshots(pools, dataset.name()).stream().map(s -> s.split(" ")[0]).toList();
    }
}
