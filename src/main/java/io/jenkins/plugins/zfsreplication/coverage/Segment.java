package io.jenkins.plugins.zfsreplication.coverage;

/**
 * Chunks {@code from} to {@code to} (ordinals: chunk lines of the source's manifest, counted over
 * every file) of a snapshot, {@code bytes} logical bytes: either the snapshot's own, with what is
 * known of them ({@code own}), or inherited, the same blocks as its base snapshot's chunks from
 * {@code baseFrom} on (the copy's zfs said they did not change), whose reading is the base's.
 */
public record Segment(long from, long to, long bytes, Reading own, long baseFrom) {
    public Segment {
        if (from < 0 || to <= from || bytes < 0) {
            throw new IllegalArgumentException("segment " + from + ".." + to + " of " + bytes + " bytes");
        }
        if ((own == null) == (baseFrom < 0)) {
            throw new IllegalArgumentException("a segment is either own (a reading) or inherited (a base ordinal)");
        }
    }

    static Segment own(long from, long to, long bytes, Reading reading) {
        return new Segment(from, to, bytes, reading, -1);
    }

    static Segment inherited(long from, long to, long bytes, long baseFrom) {
        return new Segment(from, to, bytes, null, baseFrom);
    }

    public boolean inherited() {
        return own == null;
    }

    public long chunks() {
        return to - from;
    }

    /** Whether {@code next}, which follows this segment, can be one segment with it. */
    boolean joins(Segment next) {
        if (next.from != to) {
            return false;
        }
        return inherited() ? next.inherited() && next.baseFrom == baseFrom + chunks() : own.equals(next.own);
    }

    Segment join(Segment next) {
        return new Segment(from, next.to, bytes + next.bytes, own, baseFrom);
    }
}
