package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Feature;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * The record of what each target last received, kept as holds: before a run, what it may deliver
 * is held on the source ({@link #holdInFlight}); after it, the newest snapshot each dataset has on
 * the target ({@link Arrivals}) is held with the tag {@code zfs-replication:<target id>}, on the
 * source and (where this host reaches the target's zfs) on the target, and the holds of that tag on
 * the snapshots taken before it (the bases it superseded) are released on each. zfs itself then
 * refuses to destroy a base some target still needs, whichever plan, prune or person tries, and
 * this tool's prune keeps held snapshots ({@code userrefs} above 0). A target that is offline for nights keeps its base held on the
 * source while other targets move on; on the target, its base survives any prune by the target's
 * rules.
 *
 * @param target   the target's zfs, or null where the target's host holds nothing (it is reached
 *                 only through a stream, as by tcp to another agent)
 * @param targetId names one target across runs: lower-case letters, digits, '_', '.', '-'
 */
public record BaseHolds(Zfs source, Zfs target, String targetId) {
    /** The prefix of every hold tag this tool places. */
    public static final String TAG_PREFIX = "zfs-replication:";

    public BaseHolds {
        Objects.requireNonNull(source, "source");
        checkTargetId(targetId);
    }

    /** Holds on the source only. */
    public BaseHolds(Zfs source, String targetId) {
        this(source, null, targetId);
    }

    /** Fails with one line naming the problem unless {@code id} can name a target. */
    public static void checkTargetId(String id) {
        if (id == null || !id.matches("[a-z0-9][a-z0-9_.-]{0,63}")) {
            throw new TransferException("Invalid target id '%s': 1 to 64 lower-case letters, digits, '_', '.' or '-',"
                    + " starting with a letter or digit", id);
        }
    }

    public String tag() {
        return TAG_PREFIX + targetId;
    }

    /**
     * Before a run sends anything: holds, on the source, every snapshot its steps may deliver (the
     * {@code to} of each step, and the snapshots between for an {@code -I} range), with this target's
     * tag. A step can deliver and still fail (its receive landed, the checks after it did not), and a
     * cut {@code -I} stream leaves what arrived whole: whatever the run then reports, every snapshot
     * that may have become the target's base stays held on the source until a later run records the
     * target's real base ({@link #advance}, which releases what that base superseded). A hold that
     * cannot be placed is logged: the step may still run, as it would without a target id.
     */
    public List<String> holdInFlight(ReplicationPlan plan, Consumer<String> log) {
        List<String> done = new ArrayList<>();
        List<DatasetPlan> sent = plan.datasets().stream()
                .filter(d -> d.action() == DatasetAction.SEND && !d.steps().isEmpty()).toList();
        if (sent.isEmpty()) {
            return done;
        }
        if (!source.capabilities().has(Feature.HOLDS)) {
            return done; // said once after the run (advance)
        }
        Listing listing;
        try {
            listing = source.list(DatasetName.tops(sent.stream().map(DatasetPlan::source).toList()), true, List.of());
        } catch (ZfsException e) {
            done.add(String.format("could not list the source to hold what the run sends (%s): only what arrives"
                    + " and completes is held", e.getMessage()));
            done.forEach(log);
            return done;
        }
        for (DatasetPlan dataset : sent) {
            for (SnapshotName snapshot : carried(dataset, listing.snapshotsOf(dataset.source().name()))) {
                try {
                    boolean placed = source.hold(tag(), snapshot);
                    if (placed) {
                        done.add(String.format("hold %s on %s (being sent)", tag(), snapshot));
                    }
                } catch (ZfsException e) {
                    done.add(String.format("could not hold %s on %s before sending it: %s", tag(), snapshot,
                            e.getMessage()));
                }
            }
        }
        done.forEach(log);
        return done;
    }

    /** The source snapshots {@code dataset}'s steps deliver, as the source lists them (by GUID). */
    private static List<SnapshotName> carried(DatasetPlan dataset, List<ZfsObject> snapshots) {
        List<SnapshotName> carried = new ArrayList<>();
        for (SendStep step : dataset.steps()) {
            int to = indexOf(snapshots, step.to().guid());
            if (to < 0) {
                continue; // gone since the plan: the step's checks will say so
            }
            int from = to;
            if (step.kind() == SendKind.INCREMENTAL_RANGE && step.from() != null) {
                int base = indexOf(snapshots, step.from().guid());
                from = base < 0 ? to : base + 1;
            }
            for (int i = from; i <= to; i++) {
                SnapshotName name = dataset.source().snapshot(snapshots.get(i).shortName());
                if (!carried.contains(name)) {
                    carried.add(name);
                }
            }
        }
        return carried;
    }

    private static int indexOf(List<ZfsObject> snapshots, long guid) {
        for (int i = 0; i < snapshots.size(); i++) {
            if (snapshots.get(i).guid() == guid) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Releases this target's hold from every snapshot of {@code dataset} taken before
     * {@code newBase}: the bases it superseded, whichever run placed them. Snapshots taken after it
     * keep theirs: held before a send, they may be on the target although no run has seen them
     * arrive. A held snapshot is listed by its {@code userrefs}; a release of a tag it does not carry
     * changes nothing.
     */
    private void releaseOlder(Zfs zfs, DatasetName dataset, SnapshotName newBase, List<String> done) {
        try {
            List<ZfsObject> snapshots = zfs.list(List.of(dataset), false, List.of("userrefs")).snapshotsOf(dataset.name());
            long baseTxg = snapshots.stream().filter(s -> s.shortName().equals(newBase.snapshot()))
                    .mapToLong(ZfsObject::createtxg).findFirst().orElse(-1);
            for (ZfsObject snapshot : snapshots) {
                String holds = snapshot.property("userrefs").orElse("0");
                SnapshotName held = dataset.snapshot(snapshot.shortName());
                if (!holds.equals("0") && snapshot.createtxg() < baseTxg && zfs.release(tag(), held)) {
                    done.add(String.format("release %s from %s (superseded by %s)", tag(), held, newBase.snapshot()));
                }
            }
        } catch (ZfsException e) {
            // the new base is held: a hold left on an old one protects too much, never too little
            done.add(String.format("could not release %s from the older snapshots of %s: %s", tag(), dataset,
                    e.getMessage()));
        }
    }

    /**
     * Moves each sent dataset's holds forward to the newest snapshot the target has
     * ({@link Arrivals}); an old base is released only once the new hold is in place. Datasets
     * without an arrival keep their holds where they were.
     *
     * @return what was held and released, a line each (also given to {@code log})
     */
    public List<String> advance(ReplicationPlan plan, Arrivals arrivals, Consumer<String> log) {
        List<String> done = new ArrayList<>();
        advanceOn(source, "source", plan, arrivals, done, false);
        if (target != null) {
            advanceOn(target, "target", plan, arrivals, done, true);
        }
        done.forEach(log);
        return done;
    }

    private void advanceOn(Zfs zfs, String side, ReplicationPlan plan, Arrivals arrivals, List<String> done,
                           boolean onTarget) {
        if (!zfs.capabilities().has(Feature.HOLDS)) {
            done.add(String.format("%s has no holds (zfs hold): the bases of target '%s' are not held on the %s",
                    zfs.host(), targetId, side));
            return;
        }
        for (DatasetPlan dataset : plan.datasets()) {
            if (dataset.action() == DatasetAction.SEND) {
                arrivals.newest(dataset.source()).ifPresent(newest -> advance(zfs, dataset, newest, onTarget, done));
            }
        }
    }

    private void advance(Zfs zfs, DatasetPlan dataset, SnapshotName newest, boolean onTarget, List<String> done) {
        SnapshotName newBase = onTarget ? dataset.target().snapshot(newest.snapshot()) : newest;
        try {
            boolean placed = zfs.hold(tag(), newBase);
            done.add(String.format("hold %s on %s%s", tag(), newBase, placed ? "" : " (already there)"));
        } catch (ZfsException e) {
            if (onTarget) {
                // the data arrived; the source's hold still keeps the base: say so, the run stands
                done.add(String.format("could not hold %s on %s: %s", tag(), newBase, e.getMessage()));
                return;
            }
            throw e;
        }
        releaseOlder(zfs, onTarget ? dataset.target() : dataset.source(), newBase, done);
    }
}
