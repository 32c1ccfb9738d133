package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.io.TempDir;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanOptions;
import io.jenkins.plugins.zfsreplication.plan.PlanRun;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.transfer.LocalTransport;
import io.jenkins.plugins.zfsreplication.transfer.SendRecvJob;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsBackend;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTest;

/**
 * A source that goes back in time (a mistake, ransomware, a hostile pull source) looks to the
 * plan like a diverged copy. Rolling the copy back with {@code zfs rollback -r} would destroy the
 * only copy of every snapshot the source no longer has; the run keeps them in a dataset of their
 * own instead, and the backup goes on from the base. Real pools, a real plan, a real stream.
 */
class RolledBackSourceZfsTest {
    private static final List<String> NIGHTS = List.of("zr-20261101T000000Z", "zr-20261102T000000Z",
            "zr-20261103T000000Z", "zr-20261104T000000Z");
    private final List<String> log = new CopyOnWriteArrayList<>();

    @TempDir
    Path folder;

    @ZfsTest
    void shouldKeepEverySnapshotOnlyTheCopyHasWhenItsSourceWasRolledBack(TestPools pools) throws IOException {
        DatasetName source = pools.create("rbs").resolve("data");
        DatasetName target = pools.create("rbt").resolve("data");
        pools.exec("zfs", "create", source.name());
        pools.exec("zfs", "create", source.resolve("sub").name());
        Zfs zfs = new Zfs(pools.runner());
        Random random = new Random(5);
        for (int night = 0; night < 3; night++) {
            night(pools, source, night, random);
            TransferReport report = run(pools, zfs, plan(zfs, source, target, false), "n" + night, false);
            assertThat(report.succeeded()).as(String.join("\n", log)).isTrue();
        }
        List<String> copyBefore = Snapshots.withGuids(pools, target);
        assertThat(copyBefore).extracting(s -> s.split(" ")[0]).containsExactlyElementsOf(NIGHTS.subList(0, 3));
        // the source goes back to the first night (its later snapshots gone) and lives on from there
        pools.exec("zfs", "rollback", "-r", source + "@" + NIGHTS.get(0));
        night(pools, source, 3, random);

        ReplicationPlan plan = plan(zfs, source, target, true);
        assertThat(plan.datasets()).extracting(d -> d.target().name(), DatasetPlan::action)
                .containsExactly(tuple(target.name(), DatasetAction.SEND),
                        tuple(target.resolve("sub").name(), DatasetAction.SEND));
        assertThat(plan.datasets().get(0).steps()).extracting(s -> s.from().name(), s -> s.to().name(),
                SendStep::rollback).containsExactly(tuple(NIGHTS.get(0), NIGHTS.get(3), true));
        log.clear();
        TransferReport report = run(pools, zfs, plan, "n3", true);

        assertThat(report.succeeded()).as(String.join("\n", log)).isTrue();
        String guidOfNewest = copyBefore.get(2).split(" ")[1];
        DatasetName kept = DatasetName.of(target.name() + "-kept-" + guidOfNewest);
        String line = target + ": back at @" + NIGHTS.get(0) + " as the plan allows, keeping the 2 snapshot(s) only"
                + " the copy had (" + NIGHTS.get(1) + ", " + NIGHTS.get(2) + ") in " + kept
                + " (zfs rename, zfs clone, zfs promote): nothing was destroyed";
        List<String> checks = report.steps().get(0).checks();
        assertThat(checks.get(0)).isEqualTo(line);
        // zfs-fuse has no zfs recv -u: what it mounted on receiving is unmounted after, and said so
        assertThat(checks.subList(1, checks.size())).isSubsetOf(target + ": unmounted");
        // the snapshots only the copy had, with the GUIDs they had there, and the copy going on from its base
        assertThat(Snapshots.withGuids(pools, kept)).containsExactlyElementsOf(copyBefore.subList(1, 3));
        assertThat(Snapshots.withGuids(pools, target)).containsExactly(copyBefore.get(0),
                NIGHTS.get(3) + " " + guid(pools, source.snapshot(NIGHTS.get(3)).toString()));
        assertThat(pools.exec("zfs", "get", "-H", "-o", "value", "origin", kept.name()).stdout().strip())
                .isEqualTo(target + "@" + NIGHTS.get(0));
        // the child, moved aside with its parent and back, received its night as ever
        assertThat(Snapshots.withGuids(pools, target.resolve("sub"))).extracting(s -> s.split(" ")[0])
                .containsExactlyElementsOf(NIGHTS);
        assertThat(pools.exec("zfs", "list", "-H", "-o", "name", "-r", kept.name()).stdout().strip())
                .isEqualTo(kept.name());
    }

    private static ReplicationPlan plan(Zfs zfs, DatasetName source, DatasetName target, boolean allowRollback) {
        PlanOptions options = new PlanOptions(Selection.of(List.of(source), true), target, SnapshotNaming.of("zr"),
                allowRollback, false);
        return new PlanRun(zfs, zfs, options, false, false).run(PruneZfsTest.NOW, line -> { });
    }

    private TransferReport run(TestPools pools, Zfs zfs, ReplicationPlan plan, String artifacts, boolean allowRollback)
            throws IOException {
        Transport transport = pools.backend() == ZfsBackend.OPENZFS ? new GuestTransport() : new LocalTransport();
        TransferOptions options = TransferOptions.defaults().withAllowRollback(allowRollback);
        return SendRecvJob.bothEnds(transport, zfs, zfs, null, plan, options, log::add)
                .run(plan, folder.resolve(artifacts)).report();
    }

    private static void night(TestPools pools, DatasetName dataset, int night, Random random) {
        byte[] data = new byte[32 << 10];
        random.nextBytes(data);
        pools.write(dataset, "night" + night, data);
        pools.exec("zfs", "snapshot", "-r", dataset + "@" + NIGHTS.get(night));
    }

    private static String guid(TestPools pools, String snapshot) {
        return String.format("%016x", Long.parseUnsignedLong(
                pools.exec("zfs", "get", "-H", "-p", "-o", "value", "guid", snapshot).stdout().strip()));
    }

    /** Each snapshot of one dataset (not its children), oldest first, as "name guid" with the GUID in hex. */
    private static final class Snapshots {
        static List<String> withGuids(TestPools pools, DatasetName dataset) {
            List<String> names = new ArrayList<>();
            for (String row : pools.exec("zfs", "list", "-H", "-t", "snapshot", "-o", "name", "-s", "createtxg", "-d",
                    "1", dataset.name()).stdout().split("\n")) {
                if (!row.isBlank()) {
                    names.add(row.substring(row.indexOf('@') + 1) + " " + guid(pools, row.strip()));
                }
            }
            return names;
        }
    }
}
