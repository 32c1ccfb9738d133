package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.zfs.SendStream;
import java.util.BitSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which chunks of one object (a volume's data, a file) an incremental send stream writes or frees:
 * the chunks an incremental verify must read again. Held as one bit per chunk (a 10 TiB volume in
 * 1 MiB chunks is 1.25 MiB of bits), so memory does not grow with the number of records, plus the
 * chunk from which on everything changed (a free to the end, the object freed).
 */
public final class ChangedChunks {
    private final BitSet chunks;
    private final long allFrom;

    private ChangedChunks(BitSet chunks, long allFrom) {
        this.chunks = chunks;
        this.allFrom = allFrom;
    }

    /** True when a byte of chunk {@code index} may differ between the two snapshots. */
    public boolean changed(long index) {
        return index >= allFrom || (index <= Integer.MAX_VALUE && chunks.get((int) index));
    }

    /** Collects the changes of some objects from the records of a stream; the others are ignored. */
    public static final class Collector implements SendStream.Visitor {
        private final long chunkSize;
        private final Map<Long, Bits> objects = new TreeMap<>();

        /** Collects the changes of {@code objects} in chunks of {@code chunkSize} bytes. */
        public Collector(Set<Long> objects, long chunkSize) {
            if (chunkSize <= 0) {
                throw new IllegalArgumentException("chunk size " + chunkSize);
            }
            this.chunkSize = chunkSize;
            objects.forEach(object -> this.objects.put(object, new Bits()));
        }

        @Override
        public void write(long object, long offset, long length) {
            Bits bits = objects.get(object);
            if (bits != null && length > 0) {
                bits.mark(offset, length, chunkSize);
            }
        }

        @Override
        public void free(long object, long offset, long length) {
            Bits bits = objects.get(object);
            if (bits == null) {
                return;
            }
            if (length < 0 || offset + length < 0) {
                bits.allFrom = Math.min(bits.allFrom, offset / chunkSize);
            } else if (length > 0) {
                bits.mark(offset, length, chunkSize);
            }
        }

        @Override
        public void freeObjects(long first, long count) {
            // an object freed (a file deleted, maybe made again under its number): nothing of it is kept
            for (Map.Entry<Long, Bits> entry : objects.entrySet()) {
                long object = entry.getKey();
                if (object >= first && (count < 0 || object - first < count)) {
                    entry.getValue().allFrom = 0;
                }
            }
        }

        /** Each object's changed chunks. */
        public Map<Long, ChangedChunks> result() {
            Map<Long, ChangedChunks> result = new TreeMap<>();
            objects.forEach((object, bits) -> result.put(object,
                    new ChangedChunks((BitSet) bits.chunks.clone(), bits.allFrom)));
            return result;
        }
    }

    /** One object's bits while a stream is read. */
    private static final class Bits {
        private final BitSet chunks = new BitSet();
        private long allFrom = Long.MAX_VALUE;

        void mark(long offset, long length, long chunkSize) {
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
    }
}
