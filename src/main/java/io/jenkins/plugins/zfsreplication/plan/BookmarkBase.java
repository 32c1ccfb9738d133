package io.jenkins.plugins.zfsreplication.plan;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * A source bookmark that stands in for a base whose snapshot the source no longer has: its GUID
 * is that of a target snapshot newer than any snapshot both sides still have. A bookmark keeps
 * the GUID and creation txg of the snapshot it was made from, which is all {@code zfs send -i}
 * needs of a base; so a base destroyed on the source (by a person, another tool, a prune for
 * another target) does not force a full resend.
 *
 * @param bookmark    the source's bookmark
 * @param targetIndex the index of the target snapshot with its GUID (oldest first)
 */
public record BookmarkBase(ZfsObject bookmark, int targetIndex) {

    /**
     * The bookmark matching the newest target snapshot after {@code base} (all of them when
     * {@code base} is null), or null when no bookmark matches one.
     */
    public static BookmarkBase find(List<ZfsObject> bookmarks, SnapshotTable target, CommonBase base) {
        if (bookmarks.isEmpty()) {
            return null;
        }
        Map<Long, ZfsObject> byGuid = new HashMap<>();
        bookmarks.forEach(bookmark -> byGuid.putIfAbsent(bookmark.guid(), bookmark));
        int oldest = base == null ? 0 : base.targetIndex() + 1;
        for (int t = target.size() - 1; t >= oldest; t--) {
            ZfsObject bookmark = byGuid.get(target.guid(t));
            if (bookmark != null) {
                return new BookmarkBase(bookmark, t);
            }
        }
        return null;
    }

    /** The index of the newest source snapshot taken before the bookmarked one, -1 for none. */
    public int lastSnapshotBefore(SnapshotTable source) {
        int last = -1;
        for (int i = 0; i < source.size() && source.createtxg(i) <= bookmark.createtxg(); i++) {
            last = i;
        }
        return last;
    }

    /** The plan's reference to the bookmark: its short name (after '#'), GUID, txg and time. */
    public SnapshotRef ref() {
        return StepDeriver.ref(bookmark);
    }
}
