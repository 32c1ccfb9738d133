package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The running checksum in either byte order, whole or in pieces, against the definition computed
 * word by word here. (Real streams are the other oracle: SendStreamChangesTest and the OpenZFS
 * change tests accept only streams whose checksums ZFS wrote match.)
 */
class Fletcher4Test {
    @Test
    void shouldSumWordsInTheSendersByteOrderWholeOrInPieces() {
        byte[] bytes = new byte[4 * 1001]; // an odd number of words: the last one outside a pair
        new Random(4).nextBytes(bytes);
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            long[] expected = definition(bytes, order);
            Fletcher4 whole = new Fletcher4(order);
            whole.update(bytes, 0, bytes.length);
            assertThat(whole.matches(sums(expected, order), 0)).as("%s whole", order).isTrue();
            Fletcher4 pieces = new Fletcher4(order);
            pieces.update(bytes, 0, 12);
            pieces.update(bytes, 12, 312);
            pieces.update(bytes, 324, bytes.length - 324);
            assertThat(pieces.matches(sums(expected, order), 0)).as("%s in pieces", order).isTrue();
            bytes[2000] ^= 1;
            Fletcher4 changed = new Fletcher4(order);
            changed.update(bytes, 0, bytes.length);
            assertThat(changed.matches(sums(expected, order), 0)).as("%s one bit changed", order).isFalse();
            bytes[2000] ^= 1;
        }
    }

    /** a += word; b += a; c += b; d += c over the unsigned 32-bit words, 64-bit sums that wrap. */
    private static long[] definition(byte[] bytes, ByteOrder order) {
        long a = 0;
        long b = 0;
        long c = 0;
        long d = 0;
        for (int i = 0; i < bytes.length; i += 4) {
            long word = 0;
            for (int k = 0; k < 4; k++) {
                int shift = order == ByteOrder.LITTLE_ENDIAN ? 8 * k : 8 * (3 - k);
                word |= (bytes[i + k] & 0xffL) << shift;
            }
            a += word;
            b += a;
            c += b;
            d += c;
        }
        return new long[] {a, b, c, d};
    }

    private static ByteBuffer sums(long[] sums, ByteOrder order) {
        ByteBuffer buffer = ByteBuffer.allocate(32).order(order);
        for (long sum : sums) {
            buffer.putLong(sum);
        }
        return buffer;
    }
}
