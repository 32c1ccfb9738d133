package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import io.jenkins.plugins.zfsreplication.restore.DrillRequest;
import io.jenkins.plugins.zfsreplication.restore.RestoreDrill;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.verify.CopyCheck;
import io.jenkins.plugins.zfsreplication.verify.SnapshotDelta;
import io.jenkins.plugins.zfsreplication.verify.ZfsChanges;
import io.jenkins.plugins.zfsreplication.verify.ZfsCloneMounter;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.ObjectType;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The copy's host as it is: snapshots from one {@code zfs list}, what changed between two of them
 * from the copy's own {@code zfs diff} and {@code zfs send -i}, chunks read through
 * {@code .zfs/snapshot} or a temporary read-only clone (always destroyed), drills received into a
 * scratch dataset (always destroyed). Runs where the copy is: files are read here.
 */
public final class ZfsCoverageHost implements CoverageHost {
    /** What a verify's temporary clone is named; never a snapshot of the copy, though it may lie below the root. */
    private static final String CLONE_PREFIX = "zfsr-verify-";

    private final Zfs zfs;
    private final CommandRunner runner;
    private final int threads;
    private final Consumer<String> log;
    private final DatasetName scratch;
    /** Where each file system of the last listing is mounted (mounted ones only): its snapshots are read there. */
    private final java.util.Map<String, Path> mounted = new java.util.HashMap<>();

    /**
     * @param threads hashing threads
     * @param scratch the drill's scratch dataset, left out of the listing (null: none)
     */
    public ZfsCoverageHost(Zfs zfs, CommandRunner runner, int threads, DatasetName scratch, Consumer<String> log) {
        this.zfs = zfs;
        this.runner = runner;
        this.threads = threads;
        this.scratch = scratch;
        this.log = log;
    }

    @Override
    public String host() {
        return zfs.host();
    }

    @Override
    public List<CopySnapshot> snapshots(DatasetName root) {
        Listing listing = zfs.list(List.of(root), true, List.of("mountpoint", "mounted"));
        Set<String> volumes = new HashSet<>();
        mounted.clear();
        for (ZfsObject dataset : listing.datasets()) {
            if (dataset.type() == ObjectType.VOLUME) {
                volumes.add(dataset.name());
            }
            String mountpoint = dataset.property("mountpoint").orElse("");
            if ("yes".equals(dataset.property("mounted").orElse("")) && mountpoint.startsWith("/")) {
                mounted.put(dataset.name(), java.nio.file.Paths.get(mountpoint));
            }
        }
        List<CopySnapshot> snapshots = new ArrayList<>();
        for (ZfsObject object : listing.objects()) {
            String dataset = object.datasetName();
            if (object.isSnapshot() && !ours(dataset)) {
                snapshots.add(new CopySnapshot(dataset, object.shortName(), object.guidText(), object.createtxg(),
                        volumes.contains(dataset)));
            }
        }
        return snapshots;
    }

    /** A verify's clone or the drill's scratch copy: made by this tool, not part of the backup. */
    private boolean ours(String dataset) {
        String last = dataset.substring(dataset.lastIndexOf('/') + 1);
        return last.startsWith(CLONE_PREFIX)
                || (scratch != null && DatasetName.of(dataset).isSelfOrDescendantOf(scratch));
    }

    @Override
    public SnapshotDelta.Result delta(CopySnapshot earlier, Path earlierManifest, CopySnapshot later, Path laterManifest) {
        try (ZfsCloneMounter mounter = new ZfsCloneMounter(runner, log)) {
            return SnapshotDelta.between(earlierManifest, laterManifest, earlier.name(), later.name(),
                    () -> readable(later, mounter), new ZfsChanges(runner, log, mountpoints()), log);
        }
    }

    @Override
    public CopyCheck.Result check(CopySnapshot snapshot, Path manifest, List<CopyCheck.Range> ranges, boolean listing,
                                  long deadlineNanos) {
        try (ZfsCloneMounter mounter = new ZfsCloneMounter(runner, log)) {
            return new CopyCheck(threads).check(readable(snapshot, mounter), manifest, ranges, listing, deadlineNanos);
        }
    }

    private java.util.Map<String, String> mountpoints() {
        java.util.Map<String, String> text = new java.util.HashMap<>();
        mounted.forEach((dataset, path) -> text.put(dataset, path.toString()));
        return text;
    }

    /**
     * Where the snapshot can be read: below its file system's mount point, as the listing gave it
     * (no zfs command per snapshot: a night reads many), else through {@code mounter} (a clone).
     */
    private Path readable(CopySnapshot snapshot, ZfsCloneMounter mounter) {
        Path mountpoint = mounted.get(snapshot.dataset());
        if (mountpoint != null) {
            Path direct = mountpoint.resolve(".zfs").resolve("snapshot").resolve(snapshot.snapshot());
            if (java.nio.file.Files.isDirectory(direct)) {
                return direct;
            }
        }
        return mounter.mount(snapshot.name());
    }

    @Override
    public DrillRecord drill(CopySnapshot snapshot, Path manifest, DatasetName scratchDataset, Path artifacts) {
        RestoreDrill drill = new RestoreDrill(zfs, runner, TransferOptions.defaults(), log, Clock.systemUTC());
        try {
            return drill.run(new DrillRequest(SnapshotName.parse(snapshot.name()), scratchDataset, manifest, null),
                    artifacts);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
