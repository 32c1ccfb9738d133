package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.verify.CopyCheck;
import io.jenkins.plugins.zfsreplication.verify.SnapshotDelta;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The ledger's changes, as pure functions of snapshots: a new snapshot's segments from what the
 * copy's zfs says changed since its base, the outcome of a night's reads, and a pruned base spliced
 * out of the snapshot that inherits from it (what it owned becomes the inheritor's own, with the
 * same reading: a prune loses nothing known; what it inherited the inheritor now inherits from
 * further down).
 */
final class LedgerEdits {
    private LedgerEdits() {
    }

    /** Exact logical bytes between ordinals of a snapshot, from its manifest: {@code boundaries} ascending. */
    interface ChunkBytes {
        long[] between(SnapshotCoverage snapshot, long[] boundaries);
    }

    /** The segments of a new snapshot: its chunks to read never read, the others inherited from {@code base}. */
    static List<Segment> segments(SnapshotDelta.Result delta, Instant now) {
        List<Segment> segments = new ArrayList<>();
        for (SnapshotDelta.Piece piece : delta.pieces()) {
            segments.add(piece.inherited() ? Segment.inherited(piece.from(), piece.to(), piece.bytes(), piece.earlierFrom())
                    : Segment.own(piece.from(), piece.to(), piece.bytes(), Reading.never(now)));
        }
        return merge(segments);
    }

    /**
     * The snapshot after a read whose runs (ascending; each own segment read at most from its start
     * on, as the planner asks) went as they say.
     */
    static SnapshotCoverage read(SnapshotCoverage snapshot, List<CopyCheck.Run> runs, Instant now) {
        List<Segment> segments = new ArrayList<>();
        int next = 0;
        for (Segment segment : snapshot.segments()) {
            long cursor = segment.from();
            long bytes = segment.bytes();
            while (next < runs.size() && runs.get(next).from() < segment.to()) {
                CopyCheck.Run run = runs.get(next++);
                if (segment.inherited() || run.from() != cursor || run.to() > segment.to()) {
                    throw new IllegalStateException("read " + run + " is not a prefix of an own segment of "
                            + snapshot.name() + ": " + segment);
                }
                segments.add(Segment.own(run.from(), run.to(), run.bytes(),
                        segment.own().readAt(now, state(run.state()), run.detail())));
                cursor = run.to();
                bytes -= run.bytes();
            }
            if (cursor == segment.from()) {
                segments.add(segment);
            } else if (cursor < segment.to()) {
                segments.add(new Segment(cursor, segment.to(), bytes, segment.own(), -1));
            }
        }
        return snapshot.withSegments(snapshot.base(), merge(segments));
    }

    private static Reading.State state(CopyCheck.State state) {
        return switch (state) {
            case MATCHED -> Reading.State.MATCHED;
            case MISMATCH -> Reading.State.MISMATCH;
            case UNREADABLE -> Reading.State.UNREADABLE;
        };
    }

    /**
     * {@code child}, which inherits from {@code pruned}, rewritten to own what {@code pruned} owned
     * and to inherit what {@code pruned} inherited from its own base; bytes of split segments from
     * the child's manifest.
     */
    static SnapshotCoverage splice(SnapshotCoverage child, SnapshotCoverage pruned, ChunkBytes bytes) {
        List<Segment> segments = new ArrayList<>();
        boolean split = false;
        for (Segment segment : child.segments()) {
            if (!segment.inherited()) {
                segments.add(segment);
                continue;
            }
            List<Segment> parts = parts(segment, pruned);
            split |= parts.size() > 1;
            segments.addAll(parts);
        }
        if (split) {
            segments = exactBytes(child, segments, bytes);
        }
        boolean inherits = segments.stream().anyMatch(Segment::inherited);
        return child.withSegments(inherits ? pruned.base() : null, merge(segments));
    }

    /** The pieces of an inherited segment, by what {@code pruned} has at its ordinals; bytes to be made exact. */
    private static List<Segment> parts(Segment segment, SnapshotCoverage pruned) {
        List<Segment> parts = new ArrayList<>();
        long offset = segment.baseFrom() - segment.from();
        long start = segment.baseFrom();
        long end = segment.baseFrom() + segment.chunks();
        List<Segment> base = pruned.segments();
        for (int i = Resolver.indexOf(base, start); i < base.size() && base.get(i).from() < end; i++) {
            Segment at = base.get(i);
            long x = Math.max(start, at.from());
            long y = Math.min(end, at.to());
            Segment part = at.inherited() ? Segment.inherited(x - offset, y - offset, 0, at.baseFrom() + (x - at.from()))
                    : Segment.own(x - offset, y - offset, 0, at.own());
            parts.add(part);
        }
        if (parts.size() == 1) {
            Segment only = parts.get(0);
            return List.of(new Segment(only.from(), only.to(), segment.bytes(), only.own(), only.baseFrom()));
        }
        if (parts.isEmpty() || parts.get(parts.size() - 1).to() != segment.to()) {
            // the pruned snapshot's ledger does not reach that far: the chunks are the child's, never read
            throw new IllegalStateException("the pruned snapshot " + pruned.name() + " has no chunks " + start + ".." + end);
        }
        return parts;
    }

    private static List<Segment> exactBytes(SnapshotCoverage child, List<Segment> segments, ChunkBytes bytes) {
        long[] boundaries = new long[segments.size() + 1];
        for (int i = 0; i < segments.size(); i++) {
            boundaries[i] = segments.get(i).from();
        }
        boundaries[segments.size()] = child.chunks();
        long[] sizes = bytes.between(child, boundaries);
        List<Segment> exact = new ArrayList<>();
        for (int i = 0; i < segments.size(); i++) {
            Segment segment = segments.get(i);
            exact.add(new Segment(segment.from(), segment.to(), sizes[i], segment.own(), segment.baseFrom()));
        }
        return exact;
    }

    /** Adjacent segments that are one (the same reading, or consecutive chunks of the same base) joined. */
    static List<Segment> merge(List<Segment> segments) {
        List<Segment> merged = new ArrayList<>();
        for (Segment segment : segments) {
            int last = merged.size() - 1;
            if (last >= 0 && merged.get(last).joins(segment)) {
                merged.set(last, merged.get(last).join(segment));
            } else {
                merged.add(segment);
            }
        }
        return merged;
    }
}
