package io.jenkins.plugins.zfsreplication.verify;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects, chunk by chunk in ordinal order, which chunks of a later snapshot are the earlier
 * snapshot's (and at which of its ordinals) and which must be read, as runs: consecutive chunks
 * to read make one piece, consecutive chunks taken from consecutive earlier ordinals another.
 */
final class DeltaPieces {
    private final List<SnapshotDelta.Piece> pieces = new ArrayList<>();
    private long from = -1;
    private long to;
    private long bytes;
    private long earlierFrom;

    /** Chunk {@code ordinal} of {@code length} bytes is the earlier snapshot's chunk {@code earlier}, or -1: to read. */
    void add(long ordinal, long length, long earlier) {
        boolean extends_ = from >= 0 && to == ordinal && (earlier < 0 ? earlierFrom < 0
                : earlierFrom >= 0 && earlierFrom + (to - from) == earlier);
        if (!extends_) {
            flush();
            from = ordinal;
            earlierFrom = earlier;
        }
        to = ordinal + 1;
        bytes += length;
    }

    /** Chunks {@code ordinal} up to {@code ordinal + count} ({@code length} bytes in all) are to be read. */
    void read(long ordinal, long count, long length) {
        if (count == 0) {
            return;
        }
        if (from >= 0 && to == ordinal && earlierFrom < 0) {
            to = ordinal + count;
            bytes += length;
            return;
        }
        flush();
        from = ordinal;
        to = ordinal + count;
        bytes = length;
        earlierFrom = -1;
    }

    private void flush() {
        if (from >= 0) {
            pieces.add(new SnapshotDelta.Piece(from, to, bytes, earlierFrom));
        }
        from = -1;
        bytes = 0;
    }

    List<SnapshotDelta.Piece> done() {
        flush();
        return List.copyOf(pieces);
    }
}
