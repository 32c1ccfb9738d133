package io.jenkins.plugins.zfsreplication.zfs;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The running Fletcher-4 checksum ZFS keeps over a send stream: four 64-bit sums over the stream's
 * 32-bit words, in the byte order of the host that sent it, carried on from one piece to the next.
 * Pieces are whole words except a stream's last bytes, which are taken as zero-padded.
 */
final class Fletcher4 {
    private final ByteOrder order;
    private long a;
    private long b;
    private long c;
    private long d;

    Fletcher4(ByteOrder order) {
        this.order = order;
    }

    void update(byte[] bytes, int offset, int length) {
        ByteBuffer words = ByteBuffer.wrap(bytes).order(order);
        int end = offset + length;
        int whole = offset + (length & ~3);
        long sa = a;
        long sb = b;
        long sc = c;
        long sd = d;
        for (int i = offset; i < whole; i += 4) {
            sa += Integer.toUnsignedLong(words.getInt(i));
            sb += sa;
            sc += sb;
            sd += sc;
        }
        if (whole < end) {
            byte[] last = new byte[4];
            System.arraycopy(bytes, whole, last, 0, end - whole);
            sa += Integer.toUnsignedLong(ByteBuffer.wrap(last).order(order).getInt(0));
            sb += sa;
            sc += sb;
            sd += sc;
        }
        a = sa;
        b = sb;
        c = sc;
        d = sd;
    }

    /** Whether the four sums equal the four 64-bit words at {@code at} of {@code record} (in its byte order). */
    boolean matches(ByteBuffer record, int at) {
        return record.getLong(at) == a && record.getLong(at + 8) == b && record.getLong(at + 16) == c
                && record.getLong(at + 24) == d;
    }

    /** Whether the 32 bytes at {@code at} are zero: a checksum the sender did not write. */
    static boolean isZero(ByteBuffer record, int at) {
        return record.getLong(at) == 0 && record.getLong(at + 8) == 0 && record.getLong(at + 16) == 0
                && record.getLong(at + 24) == 0;
    }
}
