package io.jenkins.plugins.zfsreplication.prune;

import java.io.Serializable;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.BookmarkBase;
import io.jenkins.plugins.zfsreplication.plan.CommonBase;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.GuidIndex;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * The GUIDs of incremental bases that must survive a prune, per dataset (source or target name):
 * the bases the plan's steps send from, and the newest snapshot (or source bookmark) each target
 * shares with its source. Found when the prune decides; {@link DestroyGuard} adds what it finds in
 * the hosts' listings just before destroying, and the target's agent gets these when it destroys
 * the target's part (it cannot list the source).
 */
public final class KnownBases implements Serializable {
    private static final long serialVersionUID = 1L;
    /** No base known beyond what the guard finds itself. */
    public static final KnownBases NONE = new KnownBases(Map.of());

    private final Map<String, Set<Long>> guids;

    private KnownBases(Map<String, Set<Long>> guids) {
        Map<String, Set<Long>> copy = new HashMap<>();
        guids.forEach((dataset, set) -> copy.put(dataset, Set.copyOf(set)));
        this.guids = Map.copyOf(copy);
    }

    /** The bases of the plan's SEND and UP_TO_DATE datasets, from the plan and the two listings. */
    static KnownBases of(ReplicationPlan plan, Listing source, Listing target) {
        Map<String, Set<Long>> found = new HashMap<>();
        for (DatasetPlan dataset : PruneBeforeSend.active(plan)) {
            Set<Long> bases = new HashSet<>(PlanBases.of(dataset));
            Long common = newestCommon(source, dataset.source().name(), target, dataset.target().name());
            if (common != null) {
                bases.add(common);
            }
            found.computeIfAbsent(dataset.source().name(), d -> new HashSet<>()).addAll(bases);
            found.computeIfAbsent(dataset.target().name(), d -> new HashSet<>()).addAll(bases);
        }
        return new KnownBases(found);
    }

    /**
     * The GUID of the newest target snapshot the source still has as a snapshot or a bookmark: what
     * the next incremental sends from; null when they share none.
     */
    static Long newestCommon(Listing source, String sourceName, Listing target, String targetName) {
        SnapshotTable sourceSnapshots = source.snapshotTable(sourceName);
        SnapshotTable targetSnapshots = target.snapshotTable(targetName);
        CommonBase base = CommonBase.find(new GuidIndex(sourceSnapshots), targetSnapshots);
        BookmarkBase bookmark = BookmarkBase.find(source.bookmarksOf(sourceName), targetSnapshots, base);
        if (bookmark != null) {
            return bookmark.bookmark().guid();
        }
        return base == null ? null : sourceSnapshots.guid(base.sourceIndex());
    }

    /** The newest bookmark of a source dataset: the base its last run delivered to some target. */
    static Long newestBookmark(Listing source, String sourceName) {
        java.util.List<ZfsObject> bookmarks = source.bookmarksOf(sourceName);
        return bookmarks.isEmpty() ? null : bookmarks.get(bookmarks.size() - 1).guid();
    }

    /** The GUIDs known to be bases of {@code dataset}; empty for none. */
    public Set<Long> of(String dataset) {
        return guids.getOrDefault(dataset, Set.of());
    }
}
