package io.jenkins.plugins.zfsreplication.zfs;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * Cuts zfs's output into blocks of whole lines as it arrives, so that a listing of tens of
 * millions of lines is never one string and blocks can be parsed in parallel. With
 * {@code byObject} (the get form, one line per object and property) a block also ends only where
 * the object changes: every object's lines are in one block.
 */
final class LineBlocks {
    /** A block: the bytes [0, length) of {@code bytes}. */
    record Block(byte[] bytes, int length) {
    }

    /**
     * The longest line (in the get form, the longest dataset's lines) read: far above any zfs listing
     * (names of 255 bytes, user properties of 8 KiB), low enough that an endless line costs little.
     */
    static final int MAX_LINE_BYTES = 16 << 20;

    private final InputStream in;
    private final int blockSize;
    private final boolean byObject;
    /** Blocks parsed and handed back: gigabytes of output go through a few buffers, not as garbage. */
    private final Queue<byte[]> spare = new ArrayBlockingQueue<>(8);
    private byte[] carry = new byte[0];
    private int carried;
    private boolean ended;
    /**
     * The size of the next new buffer: it starts small and doubles up to {@code blockSize}, so that
     * the many small listings (a step's checks, one dataset) do not each take a block of megabytes,
     * which the collector handles as a humongous object, while a big listing soon reads whole blocks.
     */
    private int nextSize;

    LineBlocks(InputStream in, int blockSize, boolean byObject) {
        this.in = in;
        this.blockSize = blockSize;
        this.byObject = byObject;
        this.nextSize = Math.min(blockSize, FIRST_BLOCK);
    }

    /** The first buffer's size: a listing of a few hundred objects. */
    private static final int FIRST_BLOCK = 64 << 10;

    /** The next block, or null at the end of the output. */
    Block next() throws IOException {
        if (ended && carried == 0) {
            return null;
        }
        byte[] bytes = spare.poll();
        int size = Math.max(nextSize, carried * 2);
        if (bytes == null || bytes.length < size) {
            bytes = new byte[size];
        }
        nextSize = (int) Math.min(blockSize, 2L * nextSize);
        System.arraycopy(carry, 0, bytes, 0, carried);
        int length = carried;
        while (true) {
            if (!ended) {
                int read = in.readNBytes(bytes, length, bytes.length - length);
                length += read;
                ended = length < bytes.length;
            }
            int cut = ended ? length : cut(bytes, length);
            if (cut > 0 || ended) { // ended with nothing left (empty output): no block, not a bigger buffer
                carried = length - cut;
                carry = carried > carry.length ? new byte[Math.max(carried, bytes.length / 4)] : carry;
                System.arraycopy(bytes, cut, carry, 0, carried);
                return length == 0 ? null : new Block(bytes, cut);
            }
            if (bytes.length >= MAX_LINE_BYTES) {
                throw new BoundedOutput.OutputLimitException("zfs printed a %s longer than %s%s: no zfs listing has"
                        + " one; it was not used (a broken or compromised host?)", byObject ? "dataset's lines" : "line",
                        BoundedOutput.human(MAX_LINE_BYTES), start(bytes, length));
            }
            bytes = Arrays.copyOf(bytes, bytes.length * 2); // one line (or object) longer than a block
        }
    }

    /** The first bytes of what could not be cut, shown in the error as text a terminal cannot misread. */
    private static String start(byte[] bytes, int length) {
        String shown = new String(bytes, 0, Math.min(length, 60), java.nio.charset.StandardCharsets.UTF_8);
        return " (starting '" + io.jenkins.plugins.zfsreplication.text.TerminalText.line(shown) + "')";
    }

    /** Takes back a block's bytes once nothing refers to them any more (any thread). */
    void recycle(Block block) {
        spare.offer(block.bytes());
    }

    /** Where the block ends: after its last line end, before the last object's lines with {@code byObject}; 0 for nowhere. */
    private int cut(byte[] bytes, int length) {
        int lastEnd = lastIndexOf(bytes, length - 1, (byte) '\n');
        if (lastEnd < 0 || !byObject) {
            return lastEnd + 1;
        }
        int lineStart = lastIndexOf(bytes, lastEnd - 1, (byte) '\n') + 1;
        int nameEnd = nameEnd(bytes, lineStart, lastEnd);
        while (lineStart > 0) {
            int previous = lastIndexOf(bytes, lineStart - 2, (byte) '\n') + 1;
            int previousEnd = nameEnd(bytes, previous, lineStart - 1);
            if (!Arrays.equals(bytes, previous, previousEnd, bytes, lineStart, nameEnd)) {
                break;
            }
            nameEnd = previousEnd;
            lineStart = previous;
        }
        return lineStart;
    }

    private static int nameEnd(byte[] bytes, int start, int end) {
        for (int i = start; i < end; i++) {
            if (bytes[i] == '\t') {
                return i;
            }
        }
        return end;
    }

    private static int lastIndexOf(byte[] bytes, int from, byte value) {
        for (int i = from; i >= 0; i--) {
            if (bytes[i] == value) {
                return i;
            }
        }
        return -1;
    }
}
