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
import io.jenkins.plugins.zfsreplication.zfs.Feature;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * The record of what each target last received, kept on the source as a hold: after a run, the
 * newest snapshot each dataset delivered to the target is held on the source with the tag
 * {@code zfs-replication:<target id>}, and the hold on the base it superseded is released. zfs
 * itself then refuses to destroy a base some target still needs, whichever plan, prune or person
 * tries, and this tool's prune keeps held snapshots ({@code userrefs} above 0). A target that is
 * offline for nights keeps its base held while other targets move on.
 *
 * @param targetId names one target across runs: lower-case letters, digits, '_', '.', '-'
 */
public record BaseHolds(Zfs source, String targetId) {
    /** The prefix of every hold tag this tool places. */
    public static final String TAG_PREFIX = "zfs-replication:";

    public BaseHolds {
        Objects.requireNonNull(source, "source");
        checkTargetId(targetId);
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
     * Moves each sent dataset's hold forward to the newest snapshot that reached the target in this
     * run; the old base is released only once the new hold is in place. Datasets none of whose
     * steps succeeded keep their hold where it was.
     *
     * @return what was held and released, a line each (also given to {@code log})
     */
    public List<String> advance(ReplicationPlan plan, TransferReport report, Consumer<String> log) {
        List<String> done = new ArrayList<>();
        if (!source.capabilities().has(Feature.HOLDS)) {
            done.add(String.format("%s has no holds (zfs hold): the bases of target '%s' are not held", source.host(),
                    targetId));
        } else {
            for (DatasetPlan dataset : plan.datasets()) {
                if (dataset.action() == DatasetAction.SEND) {
                    advance(dataset, report, done);
                }
            }
        }
        done.forEach(log);
        return done;
    }

    private void advance(DatasetPlan dataset, TransferReport report, List<String> done) {
        SendStep delivered = null;
        for (StepResult result : report.steps()) {
            if (result.outcome() == StepOutcome.OK && result.step().source().equals(dataset.source())
                    && result.step().target().equals(dataset.target())) {
                delivered = result.step();
            }
        }
        if (delivered == null) {
            return;
        }
        SnapshotName newBase = delivered.toSnapshot();
        boolean placed = source.hold(tag(), newBase);
        done.add(String.format("hold %s on %s%s", tag(), newBase, placed ? "" : " (already there)"));
        SendStep first = dataset.steps().get(0);
        if (first.from() != null && first.from().guid() != delivered.to().guid()) {
            SnapshotName oldBase = first.fromSnapshot();
            try {
                if (source.release(tag(), oldBase)) {
                    done.add(String.format("release %s from %s (superseded by %s)", tag(), oldBase, newBase.snapshot()));
                }
            } catch (ZfsException e) {
                // the new base is held: a hold left on the old one protects too much, never too little
                done.add(String.format("could not release %s from %s: %s", tag(), oldBase, e.getMessage()));
            }
        }
    }
}
