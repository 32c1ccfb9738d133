package io.jenkins.plugins.zfsreplication.plan;

import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * Whether a target changed after its newest common snapshot, from the listing alone (zfs-fuse
 * has no {@code written} property, so the rule uses what every ZFS lists):
 * <ol>
 * <li>the target has snapshots newer than the common one: the source lacks them, by definition
 *     of "newest common";</li>
 * <li>the common snapshot's {@code used} on the target is above 0: with no later snapshot, the
 *     only way a snapshot comes to own blocks alone is that the live dataset overwrote or freed
 *     them after it (a rewrite, a delete, a metadata change);</li>
 * <li>the target's {@code referenced} differs from the common snapshot's: data was added or
 *     removed after it.</li>
 * </ol>
 * Each is a certain sign of a change; a write that changes nothing any of them sees (none is
 * known: every ZFS write is copy-on-write, so it frees or adds a block) would go unnoticed, and
 * the receive would then fail on ZFS's own check rather than overwrite anything.
 */
final class Divergence {
    private Divergence() {
    }

    /** The reason the target diverged, or null when it did not. */
    static String check(ZfsObject targetDataset, SnapshotTable targetSnapshots, int baseIndex) {
        String base = targetSnapshots.shortName(baseIndex);
        int newer = targetSnapshots.size() - baseIndex - 1;
        if (newer > 0) {
            return String.format("diverged: the target has %d snapshot(s) newer than the common snapshot %s that the"
                    + " source lacks (%s)", newer, base, IntStream.range(baseIndex + 1, targetSnapshots.size()).limit(5)
                    .mapToObj(targetSnapshots::shortName).collect(Collectors.joining(", ")));
        }
        long used = targetSnapshots.used(baseIndex);
        if (used > 0) {
            return String.format("diverged: the target changed after the common snapshot %s (the snapshot owns %d bytes"
                    + " the live dataset no longer has)", base, used);
        }
        long referenced = targetSnapshots.referenced(baseIndex);
        if (targetDataset.referenced() != referenced) {
            return String.format("diverged: the target changed after the common snapshot %s (it references %d bytes,"
                    + " the snapshot %d)", base, targetDataset.referenced(), referenced);
        }
        return null;
    }
}
