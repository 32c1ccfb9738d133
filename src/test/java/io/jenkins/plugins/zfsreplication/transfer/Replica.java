package io.jenkins.plugins.zfsreplication.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * A source pool with datasets full of seeded random files and snapshots, a target pool, plans
 * built from real listings, and the checks: the target's snapshots and GUIDs, the files' bytes.
 */
final class Replica {
    final TestPools pools;
    final Zfs zfs;
    final DatasetName source;
    final DatasetName target;
    final List<String> datasets;

    Replica(TestPools pools, List<String> datasets) {
        this.pools = pools;
        this.zfs = new Zfs(pools.runner());
        this.source = pools.create("s");
        this.target = pools.create("t");
        // reading the received files must not change the target (atime) or the next incremental is refused
        zfs.setProperty(target.name(), "atime", "off");
        // zfs-fuse deadlocks when concurrent receives mount and unmount sibling datasets inside its
        // own mounts (seen under load: zfs recv stuck in rmdir -> fuse_lookup, then the whole daemon).
        // The target stays unmounted while data flows and is mounted only to compare files.
        zfs.setProperty(target.name(), "mountpoint", "none");
        this.datasets = List.copyOf(datasets);
        datasets.forEach(name -> zfs.createFilesystem(source.resolve(name), Map.of()));
    }

    /** Writes {@code bytes} of seeded random data to file {@code file} of every dataset, then snapshots all. */
    void writeAndSnapshot(String file, int bytes, String snapshot) {
        for (String name : datasets) {
            byte[] data = new byte[bytes];
            new Random((name + file + snapshot).hashCode()).nextBytes(data);
            try {
                Files.write(pools.mountpoint(source.resolve(name)).resolve(file), data);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            zfs.snapshot(List.of(source.resolve(name).snapshot(snapshot)), false);
        }
    }

    SnapshotRef ref(DatasetName dataset, String snapshot) {
        ZfsObject object = zfs.list(List.of(dataset), false, List.of()).find(dataset.snapshot(snapshot).toString())
                .orElseThrow();
        return new SnapshotRef(snapshot, object.guid(), object.createtxg(), object.creation());
    }

    /** Per dataset: a full send of {@code snapshots[0]} (when {@code full}) and then -i steps through the rest. */
    ReplicationPlan plan(boolean full, String... snapshots) {
        List<DatasetPlan> plans = new ArrayList<>();
        for (String name : datasets) {
            DatasetName from = source.resolve(name);
            DatasetName to = target.resolve(name);
            List<SendStep> steps = new ArrayList<>();
            for (int i = full ? 0 : 1; i < snapshots.length; i++) {
                SnapshotRef base = i == 0 ? null : ref(from, snapshots[i - 1]);
                steps.add(new SendStep(from, to, i == 0 ? SendKind.FULL : SendKind.INCREMENTAL, base,
                        ref(from, snapshots[i]), null, false, -1));
            }
            plans.add(new DatasetPlan(from, to, DatasetAction.SEND, "test", steps));
        }
        return new ReplicationPlan(Instant.now(), "local", "local", plans);
    }

    /** Snapshot name and GUID, in order, of every snapshot below {@code root}'s dataset {@code name}. */
    List<String> snapshotsWithGuids(DatasetName root, String name) {
        DatasetName dataset = root.resolve(name);
        Listing listing = zfs.list(List.of(dataset), false, List.of());
        return listing.snapshotsOf(dataset.name()).stream().map(o -> o.shortName() + " " + o.guidText()).toList();
    }

    /** Asserts the target holds exactly {@code snapshots} with the source's GUIDs and the source's file bytes. */
    void assertReplicated(String... snapshots) {
        for (String name : datasets) {
            List<String> expected = new ArrayList<>();
            for (String snapshot : snapshots) {
                expected.add(snapshot + " " + ref(source.resolve(name), snapshot).guidText());
            }
            assertThat(snapshotsWithGuids(target, name)).as("snapshots of %s", name).containsExactlyElementsOf(expected);
        }
        // a received copy is left unmounted (canmount=noauto): mount each one explicitly to read it
        zfs.setProperty(target.name(), "mountpoint", pools.mountpoint(target).toString());
        List<DatasetName> mounted = new ArrayList<>();
        try {
            for (String name : datasets.stream().sorted().toList()) {
                DatasetName copy = target.resolve(name);
                if (!"yes".equals(pools.exec("zfs", "get", "-H", "-o", "value", "mounted", copy.name()).stdout().strip())) {
                    pools.exec("zfs", "mount", copy.name());
                    mounted.add(0, copy);
                }
                assertSameFiles(name);
            }
        } finally {
            mounted.forEach(copy -> pools.exec("zfs", "unmount", copy.name()));
            zfs.setProperty(target.name(), "mountpoint", "none");
        }
    }

    private void assertSameFiles(String name) {
        Path from = pools.mountpoint(source.resolve(name));
        Path to = pools.mountpoint(target.resolve(name));
        try (var files = Files.list(from)) {
            for (Path file : files.toList()) {
                assertThat(to.resolve(file.getFileName())).as("%s in %s", file.getFileName(), name)
                        .hasSameBinaryContentAs(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
