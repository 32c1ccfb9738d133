package io.jenkins.plugins.zfsreplication.files;

import java.io.InputStream;

/**
 * A stream of {@code size} zero bytes made as they are read, counting how many were: what an
 * oversized artifact looks like to a reader, without a file of that size.
 */
public final class CountedZeros extends InputStream {
    private final long size;
    private long read;

    public CountedZeros(long size) {
        this.size = size;
    }

    /** How many bytes were read so far. */
    public long count() {
        return read;
    }

    @Override
    public int read() {
        if (read >= size) {
            return -1;
        }
        read++;
        return 0;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) {
        if (read >= size) {
            return -1;
        }
        int n = (int) Math.min(length, size - read);
        java.util.Arrays.fill(buffer, offset, offset + n, (byte) 0);
        read += n;
        return n;
    }
}
