package io.jenkins.plugins.zfsreplication.plan;

import java.util.Arrays;

import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;

/**
 * Position of each snapshot of one dataset by GUID: open addressing over two primitive arrays,
 * because planning asks this for a million snapshots and boxed maps cost more than the plan.
 */
public final class GuidIndex {
    private final long[] guids;
    private final int[] positions;
    private final int mask;

    public GuidIndex(SnapshotTable snapshots) {
        int capacity = Integer.highestOneBit(Math.max(4, snapshots.size() * 2 - 1)) << 1;
        guids = new long[capacity];
        positions = new int[capacity];
        Arrays.fill(positions, -1);
        mask = capacity - 1;
        for (int i = 0; i < snapshots.size(); i++) {
            long guid = snapshots.guid(i);
            int slot = slot(guid);
            while (positions[slot] >= 0 && guids[slot] != guid) {
                slot = (slot + 1) & mask;
            }
            guids[slot] = guid;
            positions[slot] = i;
        }
    }

    /** The position of the snapshot with this GUID, or -1. */
    public int indexOf(long guid) {
        int slot = slot(guid);
        while (positions[slot] >= 0) {
            if (guids[slot] == guid) {
                return positions[slot];
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    private int slot(long guid) {
        long mixed = guid * 0x9E3779B97F4A7C15L;
        return (int) (mixed ^ (mixed >>> 32)) & mask;
    }
}
