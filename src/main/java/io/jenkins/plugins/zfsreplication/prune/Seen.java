package io.jenkins.plugins.zfsreplication.prune;

import java.time.Instant;
import java.util.Arrays;

import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;

/**
 * Snapshots as retention sees them, worked out once per run: name, time, whether a rule judges it,
 * and why its time is not trusted ({@link TimeTrust}; null where it is). A snapshot whose time is
 * not trusted is no candidate: it is kept, and the caller records why.
 */
record Seen(String[] names, long[] times, boolean[] candidates, String[] untrusted) {
    static Seen of(SnapshotTable snapshots, SnapshotNaming naming, TimeTrust trust) {
        int size = snapshots.size();
        Seen seen = new Seen(new String[size], new long[size], new boolean[size], trust.untrusted(snapshots));
        for (int i = 0; i < size; i++) {
            String name = snapshots.shortName(i);
            Instant stamp = naming.timestampOf(name);
            seen.names[i] = name;
            seen.times[i] = trust.judgedTime(stamp, snapshots.creation(i));
            seen.candidates[i] = seen.untrusted[i] == null && (stamp != null || naming.isCandidate(name));
        }
        return seen;
    }

    /** These first, then the {@code other} side's snapshots at {@code indices[from...]}. */
    Seen with(Seen other, int[] indices, int from) {
        Seen view = new Seen(Arrays.copyOf(names, indices.length), Arrays.copyOf(times, indices.length),
                Arrays.copyOf(candidates, indices.length), Arrays.copyOf(untrusted, indices.length));
        for (int i = from; i < indices.length; i++) {
            view.names[i] = other.names[indices[i]];
            view.times[i] = other.times[indices[i]];
            view.candidates[i] = other.candidates[indices[i]];
            view.untrusted[i] = other.untrusted[indices[i]];
        }
        return view;
    }
}
