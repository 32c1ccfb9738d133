package io.jenkins.plugins.zfsreplication.plan;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
        Map<Long, Integer> sourceByGuid = new HashMap<>(source.size() * 2);
        for (int i = 0; i < source.size(); i++) {
            sourceByGuid.put(source.get(i).guid(), i);
        }
        for (int t = target.size() - 1; t >= 0; t--) {
            Integer s = sourceByGuid.get(target.get(t).guid());
            if (s != null) {
                return new CommonBase(s, t);
            }
        }
        return null;
    }
}
