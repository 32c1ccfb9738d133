package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Feature;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * The record of what each target last received, kept as holds: after a run, the newest snapshot
 * each dataset delivered to the target is held with the tag {@code zfs-replication:<target id>},
 * on the source and (where this host reaches the target's zfs) on the target, and the holds of that
 * tag on every other snapshot of the dataset (the bases it superseded) are released on each. zfs itself then refuses to destroy a base some target
 * still needs, whichever plan, prune or person tries, and this tool's prune keeps held snapshots
 * ({@code userrefs} above 0). A target that is offline for nights keeps its base held on the
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
     * Releases this target's hold from every snapshot of {@code dataset} but {@code newBase}: the
     * bases it superseded, whichever run placed them (the plan's first base, a step's snapshot of a
     * run that stopped half way, a base the plan did not start from). A held snapshot is listed by
     * its {@code userrefs}; a release of a tag it does not carry changes nothing.
     */
    private void releaseOthers(Zfs zfs, DatasetName dataset, SnapshotName newBase, List<String> done) {
        try {
            for (ZfsObject snapshot : zfs.list(List.of(dataset), false, List.of("userrefs")).snapshotsOf(dataset.name())) {
                String holds = snapshot.property("userrefs").orElse("0");
                SnapshotName held = dataset.snapshot(snapshot.shortName());
                if (!holds.equals("0") && !held.equals(newBase) && zfs.release(tag(), held)) {
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
     * Moves each sent dataset's holds forward to the newest snapshot that reached the target in
     * this run; an old base is released only once the new hold is in place. Datasets none of whose
     * steps succeeded keep their holds where they were.
     *
     * @return what was held and released, a line each (also given to {@code log})
     */
    public List<String> advance(ReplicationPlan plan, TransferReport report, Consumer<String> log) {
        List<String> done = new ArrayList<>();
        advanceOn(source, "source", plan, report, done, false);
        if (target != null) {
            advanceOn(target, "target", plan, report, done, true);
        }
        done.forEach(log);
        return done;
    }

    private void advanceOn(Zfs zfs, String side, ReplicationPlan plan, TransferReport report, List<String> done,
                           boolean onTarget) {
        if (!zfs.capabilities().has(Feature.HOLDS)) {
            done.add(String.format("%s has no holds (zfs hold): the bases of target '%s' are not held on the %s",
                    zfs.host(), targetId, side));
            return;
        }
        for (DatasetPlan dataset : plan.datasets()) {
            if (dataset.action() == DatasetAction.SEND) {
                report.lastDelivered(dataset).ifPresent(delivered -> advance(zfs, dataset, delivered, onTarget, done));
            }
        }
    }

    private void advance(Zfs zfs, DatasetPlan dataset, SendStep delivered, boolean onTarget, List<String> done) {
        SnapshotName newBase = onTarget ? dataset.target().snapshot(delivered.to().name()) : delivered.toSnapshot();
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
        releaseOthers(zfs, onTarget ? dataset.target() : dataset.source(), newBase, done);
    }
}
