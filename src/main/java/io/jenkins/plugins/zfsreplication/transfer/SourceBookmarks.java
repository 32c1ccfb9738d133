package io.jenkins.plugins.zfsreplication.transfer;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.zfs.Feature;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * After a run, the newest snapshot each dataset has on the target ({@link Arrivals}) is bookmarked
 * on the source under its own name ({@code ds#name}). Should that snapshot be destroyed later (by
 * a person, another tool, a prune for another target), the next plan sends from the bookmark ({@code zfs send -i ds#name})
 * instead of refusing or resending everything. Where the source's zfs has no bookmarks (zfs-fuse)
 * the log says so once.
 */
public record SourceBookmarks(Zfs source, Zfs target) {
    public SourceBookmarks {
        Objects.requireNonNull(source, "source");
    }

    /** Bookmarks on {@code source}; what arrived is taken from the steps that completed (no target listing here). */
    public SourceBookmarks(Zfs source) {
        this(source, null);
    }

    /** @return what was bookmarked, a line each (also given to {@code log}) */
    public List<String> mark(ReplicationPlan plan, Arrivals arrivals, Consumer<String> log) {
        List<String> done = new ArrayList<>();
        List<SnapshotName> delivered = new ArrayList<>();
        for (DatasetPlan dataset : plan.datasets()) {
            if (dataset.action() == DatasetAction.SEND) {
                arrivals.newest(dataset.source()).ifPresent(delivered::add);
            }
        }
        if (delivered.isEmpty()) {
            return done;
        }
        if (!source.capabilities().has(Feature.BOOKMARKS)) {
            done.add(String.format("%s has no bookmarks (zfs bookmark): the bases sent are not bookmarked", source.host()));
        } else {
            for (SnapshotName snapshot : delivered) {
                try {
                    boolean made = source.bookmark(snapshot);
                    done.add(String.format("bookmark %s as %s%s", snapshot, Zfs.bookmarkName(snapshot),
                            made ? "" : " (already there)"));
                } catch (ZfsException e) {
                    // the data arrived; without the bookmark only a destroyed base costs a full send
                    done.add(String.format("could not bookmark %s: %s", snapshot, e.getMessage()));
                }
            }
        }
        done.forEach(log);
        return done;
    }
}
