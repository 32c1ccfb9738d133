package io.jenkins.plugins.zfsreplication.coverage;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Follows inherited segments to the snapshot that owns their chunks: a chunk inherited from a
 * base that inherits it in turn is, in the end, some snapshot's own chunk, and its reading is that
 * one's. A base that is not in the ledger (it cannot happen after a prune is spliced, but a ledger
 * is read from a file), or one that cannot count as matched (its manifest changed since), counts
 * as never read, as does a chain longer than any the ledger can hold.
 */
final class Resolver {
    private final Map<String, SnapshotCoverage> byGuid = new HashMap<>();

    Resolver(List<SnapshotCoverage> snapshots) {
        for (SnapshotCoverage snapshot : snapshots) {
            byGuid.put(key(snapshot.dataset(), snapshot.guid()), snapshot);
        }
    }

    private static String key(String dataset, String guid) {
        return dataset + "\n" + guid;
    }

    /** Receives a resolved piece: its chunks, their reading, and where they are owned. */
    interface Pieces {
        void piece(long chunks, Reading reading, SnapshotCoverage owner, long ownerFrom);
    }

    /** The snapshot of the same dataset as {@code of} with GUID {@code guid}, or null. */
    SnapshotCoverage find(SnapshotCoverage of, String guid) {
        return guid == null ? null : byGuid.get(key(of.dataset(), guid));
    }

    /** Resolves chunks {@code from} to {@code to} of {@code snapshot} into owned pieces, in ordinal order. */
    void resolve(SnapshotCoverage snapshot, long from, long to, Pieces pieces) {
        resolve(snapshot, snapshot, from, to, 0, pieces);
    }

    private void resolve(SnapshotCoverage origin, SnapshotCoverage at, long from, long to, int depth, Pieces pieces) {
        List<Segment> segments = at.segments();
        for (int i = indexOf(segments, from); i < segments.size() && segments.get(i).from() < to; i++) {
            Segment segment = segments.get(i);
            long x = Math.max(from, segment.from());
            long y = Math.min(to, segment.to());
            if (!segment.inherited()) {
                pieces.piece(y - x, segment.own(), at, x);
                continue;
            }
            SnapshotCoverage base = find(at, at.base());
            if (base == null || !base.valid() || depth > byGuid.size()) {
                pieces.piece(y - x, Reading.never(origin.firstSeen()), at, x);
                continue;
            }
            long offset = segment.baseFrom() - segment.from();
            resolve(origin, base, x + offset, y + offset, depth + 1, pieces);
        }
    }

    /** The index of the segment holding ordinal {@code ordinal} (segments cover 0 up without gaps). */
    static int indexOf(List<Segment> segments, long ordinal) {
        int low = 0;
        int high = segments.size() - 1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            Segment segment = segments.get(middle);
            if (segment.to() <= ordinal) {
                low = middle + 1;
            } else if (segment.from() > ordinal) {
                high = middle - 1;
            } else {
                return middle;
            }
        }
        return low;
    }
}
