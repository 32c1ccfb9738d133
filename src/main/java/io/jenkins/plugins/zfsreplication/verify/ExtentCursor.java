package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.posix.NativeFile;

/**
 * Answers "is this chunk wholly inside a hole?" with as few lseek calls as possible: one
 * SEEK_DATA/SEEK_HOLE pair per data extent, and none for chunks inside a known hole or a known data
 * extent. Chunks are asked in ascending order.
 *
 * <p>lseek is not free everywhere (on ZFS it once cost qemu 98% of its run time), so in auto mode
 * the cursor gives up when extents are so small that it would call lseek about once per chunk; it
 * also gives up when the file system or device does not support SEEK_DATA. A file system that
 * reports no holes costs two calls per file.
 */
final class ExtentCursor {
    private static final int MIN_CALLS_BEFORE_BUDGET = 64;

    private final NativeFile file;
    private final long size;
    private final boolean budgeted;
    private boolean enabled;
    private long dataStart;
    private long dataEnd = -1;
    private long calls;
    private long nanos;
    private long queries;
    private String note;

    ExtentCursor(NativeFile file, long size, boolean enabled, boolean budgeted) {
        this.file = file;
        this.size = size;
        this.enabled = enabled;
        this.budgeted = budgeted;
    }

    boolean isHole(long offset, long length) {
        if (!enabled) {
            return false;
        }
        queries++;
        if (offset >= dataEnd && !refresh(offset)) {
            return false;
        }
        return offset + length <= dataStart;
    }

    /**
     * The data ranges inside a chunk that is not wholly a hole, as absolute {@code [start, end)}
     * pairs, or null when the whole chunk is data (or mapping is off): a chunk that straddles a
     * hole boundary then reads only its data and zero-fills the rest in memory, instead of making
     * the kernel materialise zero pages for the hole part.
     */
    long[] dataRanges(long offset, long length) {
        if (!enabled) {
            return null;
        }
        long end = offset + length;
        long[] ranges = new long[4];
        int n = 0;
        for (long position = offset; position < end; ) {
            if (position >= dataEnd && !refresh(position)) {
                return null;
            }
            if (dataStart >= end) {
                break;
            }
            long from = Math.max(position, dataStart);
            long to = Math.min(end, dataEnd);
            if (n == ranges.length) {
                ranges = java.util.Arrays.copyOf(ranges, n * 2);
            }
            ranges[n++] = from;
            ranges[n++] = to;
            position = to;
        }
        return n == 2 && ranges[0] == offset && ranges[1] == end ? null : java.util.Arrays.copyOf(ranges, n);
    }

    /** Finds the next data extent at or after {@code offset}; false when mapping was given up. */
    private boolean refresh(long offset) {
        if (budgeted && calls > MIN_CALLS_BEFORE_BUDGET && calls * 2 > queries) {
            return disable("extents are smaller than chunks; falling back to zero detection after %d lseek calls", calls);
        }
        long started = System.nanoTime();
        long data = file.nextData(offset);
        calls++;
        nanos += System.nanoTime() - started;
        if (data == -2) {
            return disable("SEEK_DATA is not supported here; reading everything");
        }
        if (data == -1) {
            dataStart = size;
            dataEnd = Long.MAX_VALUE;
            return true;
        }
        started = System.nanoTime();
        long hole = file.nextHole(data);
        calls++;
        nanos += System.nanoTime() - started;
        if (hole < 0) {
            return disable("SEEK_HOLE failed after SEEK_DATA; reading everything");
        }
        dataStart = data;
        dataEnd = hole;
        return true;
    }

    private boolean disable(String format, Object... args) {
        enabled = false;
        note = String.format(java.util.Locale.ROOT, format, args);
        return false;
    }

    long calls() {
        return calls;
    }

    /** The time the lseek calls took, in nanoseconds. */
    long nanos() {
        return nanos;
    }

    /** Why mapping was given up, or null. */
    String note() {
        return note;
    }
}
