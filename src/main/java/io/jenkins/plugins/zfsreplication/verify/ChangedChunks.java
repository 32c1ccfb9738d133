package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.zfs.SendStream;
import java.util.BitSet;

/**
 * Which chunks of one object (a volume's data, a file) an incremental send stream writes or frees:
 * the chunks an incremental verify must read again. Held as one bit per chunk (a 10 TiB volume in
 * 1 MiB chunks is 1.25 MiB of bits), so memory does not grow with the number of records, plus the
 * chunk from which on everything changed (a free to the end, the object freed).
 */
public final class ChangedChunks {
    private final long chunkSize;
    private final BitSet chunks;
    private final long allFrom;

    private ChangedChunks(long chunkSize, BitSet chunks, long allFrom) {
        this.chunkSize = chunkSize;
        this.chunks = chunks;
        this.allFrom = allFrom;
    }

    /** True when a byte of chunk {@code index} may differ between the two snapshots. */
    public boolean changed(long index) {
        return index >= allFrom || (index <= Integer.MAX_VALUE && chunks.get((int) index));
    }

    /** How many chunks below {@code limit} changed. */
    public long count(long limit) {
        long below = Math.min(limit, allFrom);
        long n = below <= 0 ? 0 : chunks.get(0, (int) Math.min(below, Integer.MAX_VALUE)).cardinality();
        return n + Math.max(0, limit - allFrom);
    }

    long chunkSize() {
        return chunkSize;
    }

    /** Collects one object's changes from the records of a stream. */
    public static final class Collector implements SendStream.Visitor {
        private final long object;
        private final long chunkSize;
        private final BitSet chunks = new BitSet();
        private long allFrom = Long.MAX_VALUE;

        /** Collects the changes of {@code object} in chunks of {@code chunkSize} bytes. */
        public Collector(long object, long chunkSize) {
            if (chunkSize <= 0) {
                throw new IllegalArgumentException("chunk size " + chunkSize);
            }
            this.object = object;
            this.chunkSize = chunkSize;
        }

        @Override
        public void write(long object, long offset, long length) {
            if (object == this.object && length > 0) {
                mark(offset, length);
            }
        }

        @Override
        public void free(long object, long offset, long length) {
            if (object != this.object) {
                return;
            }
            if (length < 0 || offset + length < 0) {
                allFrom = Math.min(allFrom, offset / chunkSize);
            } else if (length > 0) {
                mark(offset, length);
            }
        }

        @Override
        public void freeObjects(long first, long count) {
            // the object was deleted (and maybe made again under its number): nothing of it is kept
            if (object >= first && (count < 0 || object - first < count)) {
                allFrom = 0;
            }
        }

        private void mark(long offset, long length) {
            long first = offset / chunkSize;
            long end = offset + length < 0 ? Long.MAX_VALUE : (offset + length - 1) / chunkSize + 1;
            if (end > Integer.MAX_VALUE) {
                // beyond what the bits hold (more than 2^31 chunks): count it as changed to the end
                allFrom = Math.min(allFrom, Math.min(first, Integer.MAX_VALUE));
                end = Math.min(end, Integer.MAX_VALUE);
            }
            if (first < end) {
                chunks.set((int) first, (int) end);
            }
        }

        public ChangedChunks result() {
            return new ChangedChunks(chunkSize, (BitSet) chunks.clone(), allFrom);
        }
    }
}
