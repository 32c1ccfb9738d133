package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Feature;
import io.jenkins.plugins.zfsreplication.zfs.HoldChange;
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
     *
     * @return the listing of the sent datasets' sources this made (the run's checks take it instead
     *         of listing them again: a hold changes nothing listed), or null
     */
    public Listing holdInFlight(ReplicationPlan plan, Consumer<String> log) {
        List<String> done = new ArrayList<>();
        List<DatasetPlan> sent = plan.datasets().stream()
                .filter(d -> d.action() == DatasetAction.SEND && !d.steps().isEmpty()).toList();
        if (sent.isEmpty() || !source.capabilities().has(Feature.HOLDS)) {
            return null; // without holds: said once after the run (advance)
        }
        Listing listing;
        try {
            listing = source.list(DatasetName.tops(sent.stream().map(DatasetPlan::source).toList()), true, List.of());
        } catch (ZfsException e) {
            log.accept(String.format("could not list the source to hold what the run sends (%s): only what arrives"
                    + " and completes is held", e.getMessage()));
            return null;
        }
        // one zfs hold for all of them: zfs holds each and names each it could not
        List<SnapshotName> carried = new ArrayList<>();
        for (DatasetPlan dataset : sent) {
            carried.addAll(carried(dataset, listing.snapshotsOf(dataset.source().name())));
        }
        source.hold(tag(), carried).forEach((snapshot, change) -> {
            switch (change.outcome()) {
                case CHANGED -> done.add(String.format("hold %s on %s (being sent)", tag(), snapshot));
                case UNCHANGED -> { }
                case FAILED -> done.add(String.format("could not hold %s on %s before sending it: %s", tag(), snapshot,
                        change.message()));
            }
        });
        done.forEach(log);
        return listing;
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
     * Releases this target's hold from every snapshot of each dataset taken before its new base (the
     * value): the bases it superseded, whichever run placed them. Snapshots taken after it keep
     * theirs: held before a send, they may be on the target although no run has seen them arrive. A
     * held snapshot is listed by its {@code userrefs}; a release of a tag it does not carry changes
     * nothing. The arrivals' listing of this side where it holds every dataset (made after the run's
     * receives, before the new holds: those are on the new bases, never on the older snapshots read
     * here), else one listing of all the datasets (one each when that fails, so that one dataset
     * gone costs only its own releases); and one {@code zfs release} of every superseded snapshot.
     *
     * @return what was released from each dataset, or could not be, a line each
     */
    private Map<DatasetName, List<String>> releaseOlder(Zfs zfs, Map<DatasetName, SnapshotName> newBases,
                                                        Listing arrived) {
        Map<DatasetName, List<String>> lines = new LinkedHashMap<>();
        newBases.keySet().forEach(dataset -> lines.put(dataset, new ArrayList<>()));
        Map<DatasetName, List<ZfsObject>> listed = new LinkedHashMap<>();
        if (arrived != null && newBases.keySet().stream().allMatch(dataset -> arrived.find(dataset.name()).isPresent())) {
            newBases.keySet().forEach(dataset -> listed.put(dataset, arrived.snapshotsOf(dataset.name())));
        } else {
            listHeld(zfs, newBases, lines, listed);
        }
        Map<SnapshotName, DatasetName> superseded = new LinkedHashMap<>();
        listed.forEach((dataset, snapshots) -> {
            SnapshotName newBase = newBases.get(dataset);
            long baseTxg = snapshots.stream().filter(s -> s.shortName().equals(newBase.snapshot()))
                    .mapToLong(ZfsObject::createtxg).findFirst().orElse(-1);
            for (ZfsObject snapshot : snapshots) {
                if (!snapshot.property("userrefs").orElse("0").equals("0") && snapshot.createtxg() < baseTxg) {
                    superseded.put(dataset.snapshot(snapshot.shortName()), dataset);
                }
            }
        });
        java.util.Set<DatasetName> failed = new java.util.HashSet<>();
        zfs.release(tag(), List.copyOf(superseded.keySet())).forEach((held, change) -> {
            DatasetName dataset = superseded.get(held);
            switch (change.outcome()) {
                case CHANGED -> lines.get(dataset).add(String.format("release %s from %s (superseded by %s)", tag(), held,
                        newBases.get(dataset).snapshot()));
                case UNCHANGED -> { }
                case FAILED -> {
                    if (failed.add(dataset)) {
                        lines.get(dataset).add(couldNotRelease(dataset, change.message()));
                    }
                }
            }
        });
        return lines;
    }

    /** Each dataset's snapshots with their holds: one listing of all, one each when that fails. */
    private void listHeld(Zfs zfs, Map<DatasetName, SnapshotName> newBases, Map<DatasetName, List<String>> lines,
                          Map<DatasetName, List<ZfsObject>> listed) {
        try {
            Listing listing = zfs.list(List.copyOf(newBases.keySet()), false, List.of("userrefs"));
            newBases.keySet().forEach(dataset -> listed.put(dataset, listing.snapshotsOf(dataset.name())));
        } catch (ZfsException all) {
            for (DatasetName dataset : newBases.keySet()) {
                try {
                    listed.put(dataset, zfs.list(List.of(dataset), false, List.of("userrefs")).snapshotsOf(dataset.name()));
                } catch (ZfsException e) {
                    // the new base is held: a hold left on an old one protects too much, never too little
                    lines.get(dataset).add(couldNotRelease(dataset, e.getMessage()));
                }
            }
        }
    }

    private String couldNotRelease(DatasetName dataset, String why) {
        return String.format("could not release %s from the older snapshots of %s: %s", tag(), dataset, why);
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
        // each sent dataset that has an arrival, on this side, and its new base there
        Map<DatasetName, SnapshotName> newBases = new LinkedHashMap<>();
        for (DatasetPlan dataset : plan.datasets()) {
            if (dataset.action() == DatasetAction.SEND) {
                arrivals.newest(dataset.source()).ifPresent(newest -> newBases.put(
                        onTarget ? dataset.target() : dataset.source(),
                        onTarget ? dataset.target().snapshot(newest.snapshot()) : newest));
            }
        }
        if (newBases.isEmpty()) {
            return;
        }
        Map<SnapshotName, HoldChange> held = zfs.hold(tag(), List.copyOf(newBases.values()));
        // an old base is released only once its new base is held; on the source a hold that failed ends the
        // run's bookkeeping there, after the datasets before it (a hold placed on a later one protects more)
        Map<DatasetName, SnapshotName> releasing = new LinkedHashMap<>();
        Map<DatasetName, String> holdLines = new LinkedHashMap<>();
        ZfsException sourceFailure = null;
        for (Map.Entry<DatasetName, SnapshotName> entry : newBases.entrySet()) {
            SnapshotName newBase = entry.getValue();
            HoldChange change = held.get(newBase);
            if (change.outcome() == HoldChange.Outcome.FAILED) {
                if (!onTarget) {
                    sourceFailure = new ZfsException("%s", change.message());
                    break;
                }
                // the data arrived; the source's hold still keeps the base: say so, the run stands
                holdLines.put(entry.getKey(), String.format("could not hold %s on %s: %s", tag(), newBase,
                        change.message()));
                continue;
            }
            holdLines.put(entry.getKey(), String.format("hold %s on %s%s", tag(), newBase,
                    change.outcome() == HoldChange.Outcome.CHANGED ? "" : " (already there)"));
            releasing.put(entry.getKey(), newBase);
        }
        Map<DatasetName, List<String>> released = releasing.isEmpty() ? Map.of() : releaseOlder(zfs, releasing,
                arrivals.listed(onTarget).orElse(null));
        holdLines.forEach((dataset, line) -> {
            done.add(line);
            done.addAll(released.getOrDefault(dataset, List.of()));
        });
        if (sourceFailure != null) {
            throw sourceFailure;
        }
    }
}
