package io.jenkins.plugins.zfsreplication.plan;

import java.util.List;

import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * The newest snapshot both sides have, matched by GUID: a renamed snapshot is still the same
 * snapshot, a recreated one with an old name is not.
 *
 * @param sourceIndex its index in the source's snapshots (oldest first)
 * @param targetIndex its index in the target's snapshots (oldest first)
 */
public record CommonBase(int sourceIndex, int targetIndex) {

    /** The newest common snapshot, or null when the two share none. Linear in both lists. */
    public static CommonBase find(List<ZfsObject> source, List<ZfsObject> target) {
        return find(new GuidIndex(SnapshotTable.of("source", source)), SnapshotTable.of("target", target));
    }

    /** The same, with the source's index made once by the caller. */
    public static CommonBase find(GuidIndex source, SnapshotTable target) {
        for (int t = target.size() - 1; t >= 0; t--) {
            int s = source.indexOf(target.guid(t));
            if (s >= 0) {
                return new CommonBase(s, t);
            }
        }
        return null;
    }
}
