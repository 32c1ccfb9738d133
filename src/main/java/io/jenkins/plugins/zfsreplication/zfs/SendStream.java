package io.jenkins.plugins.zfsreplication.zfs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Reads the records of one {@code zfs send} stream (not a {@code -R} package, not raw) and reports
 * which byte ranges of which objects it writes or frees: what changed between the two snapshots of
 * an incremental stream. The data the records carry is read into its checksum only, never kept.
 *
 * <p>Every record is 312 bytes, a type and a union, followed by its payload. The payload's length
 * is not in the record's {@code drr_payloadlen} (OpenZFS sets it only for the BEGIN record's
 * nvlist; it is 0 even for an OBJECT record carrying a bonus buffer), so it is worked out per
 * type, as {@code zstream dump} does. The layout is the same in every ZFS since the 2012 one
 * zfs-fuse has; fields added later are zero in older streams.
 *
 * <p>A stream is input from another process: every length is bounded before it is read, an
 * unknown record type or a stream that ends early fails with {@link ZfsException}, and nothing
 * after the END record is accepted. Its checksums are checked as {@code zfs recv} checks them: the
 * running Fletcher-4 of every byte before it, which the END record carries in every ZFS and each
 * record in its last 32 bytes since OpenZFS 0.7 (zero before). A stream damaged on its way (a bad
 * pipe, a flipped bit in memory) whose record structure still holds is refused, not believed.
 */
public final class SendStream {
    /** {@code DMU_BACKUP_MAGIC}: the BEGIN record's magic number. */
    static final long MAGIC = 0x2F5bacbacL;
    static final int RECORD_BYTES = 312;

    static final int BEGIN = 0;
    static final int OBJECT = 1;
    static final int FREEOBJECTS = 2;
    static final int WRITE = 3;
    static final int FREE = 4;
    static final int END = 5;
    static final int WRITE_BYREF = 6;
    static final int SPILL = 7;
    static final int WRITE_EMBEDDED = 8;
    static final int OBJECT_RANGE = 9;
    static final int REDACT = 10;

    /** {@code DMU_BACKUP_FEATURE_RAW}: an encrypted stream's payloads are sized differently; never asked for. */
    private static final long FEATURE_RAW = 1L << 24;
    /** The largest block ZFS writes ({@code SPA_MAXBLOCKSIZE}), the largest bonus buffer with room to spare. */
    private static final long MAX_BLOCK = 16L << 20;
    private static final long MAX_BONUS = 64L << 10;
    /** An embedded block pointer holds at most 112 bytes of data. */
    private static final long MAX_EMBEDDED = 112;
    /** The nvlist of a BEGIN record (resume and redaction data) is small. */
    private static final long MAX_BEGIN_PAYLOAD = 16L << 20;
    /** Where a record holds the checksum of the stream before it ({@code drr_checksum}): its last 32 bytes. */
    private static final int RECORD_CHECKSUM = RECORD_BYTES - 32;
    /** Where the END record holds the checksum of the whole stream before it ({@code drr_end.drr_checksum}). */
    private static final int END_CHECKSUM = 8;
    /** Payloads are read through a buffer this large to be checksummed, then dropped. */
    private static final int PAYLOAD_BUFFER = 128 << 10;

    /** What a stream changes, in the order of its records. */
    public interface Visitor {
        /** {@code length} bytes at {@code offset} of {@code object} are written (data, embedded data, a reference or a redaction). */
        void write(long object, long offset, long length);

        /** {@code length} bytes at {@code offset} of {@code object} are freed; {@code length} -1: to the end. */
        void free(long object, long offset, long length);

        /** {@code count} objects from {@code first} on are freed (deleted files; a new one may take the number). */
        void freeObjects(long first, long count);
    }

    /** The two snapshots an incremental stream goes between, by GUID (from 0 for a full stream). */
    public record Summary(long fromGuid, long toGuid, long records) {
    }

    private SendStream() {
    }

    /**
     * Reads {@code in} to the END record and then to its end, reporting to {@code visitor}.
     *
     * @throws ZfsException when the stream is not one plain send stream, is cut short or holds a
     *                      record this reader does not know; the message names the record
     */
    public static Summary read(InputStream in, Visitor visitor) throws IOException {
        byte[] bytes = new byte[RECORD_BYTES];
        ByteBuffer record = ByteBuffer.wrap(bytes);
        if (!fill(in, bytes)) {
            throw new ZfsException("The send stream is empty");
        }
        record.order(ByteOrder.LITTLE_ENDIAN);
        if (record.getLong(8) != MAGIC) {
            record.order(ByteOrder.BIG_ENDIAN);
            if (record.getLong(8) != MAGIC) {
                throw new ZfsException("The send stream does not start with a BEGIN record (no magic number)");
            }
        }
        if (record.getInt(0) != BEGIN) {
            throw new ZfsException("The send stream does not start with a BEGIN record (type %d)", record.getInt(0));
        }
        long versionInfo = record.getLong(16);
        if ((versionInfo & 3) != 1) {
            throw new ZfsException("The send stream is a package of several streams (zfs send -R); one dataset's"
                    + " stream is needed");
        }
        if (((versionInfo >>> 2) & FEATURE_RAW) != 0) {
            throw new ZfsException("The send stream is raw (zfs send -w): its blocks are encrypted");
        }
        long toGuid = record.getLong(40);
        long fromGuid = record.getLong(48);
        Fletcher4 checksum = new Fletcher4(record.order());
        byte[] payloadBuffer = new byte[PAYLOAD_BUFFER];
        checksum.update(bytes, 0, RECORD_BYTES);
        skip(in, bounded(Integer.toUnsignedLong(record.getInt(4)), MAX_BEGIN_PAYLOAD, "BEGIN payload", 0), 0,
                checksum, payloadBuffer);
        for (long index = 1; ; index++) {
            if (!fill(in, bytes)) {
                throw new ZfsException("The send stream ends after %d records, without an END record", index);
            }
            int type = record.getInt(0);
            if (type == END && !checksum.matches(record, END_CHECKSUM)) {
                throw new ZfsException("The send stream fails its checksum at its END record (record %d): it was"
                        + " damaged on its way", index);
            }
            checksum.update(bytes, 0, RECORD_CHECKSUM);
            if (!Fletcher4.isZero(record, RECORD_CHECKSUM) && !checksum.matches(record, RECORD_CHECKSUM)) {
                throw new ZfsException("Record %d of the send stream fails its checksum: the stream was damaged on its"
                        + " way", index);
            }
            checksum.update(bytes, RECORD_CHECKSUM, RECORD_BYTES - RECORD_CHECKSUM);
            long payload = switch (type) {
                case OBJECT -> roundUp8(bounded(Integer.toUnsignedLong(record.getInt(28)), MAX_BONUS, "bonus length", index));
                case FREEOBJECTS -> {
                    visitor.freeObjects(record.getLong(8), record.getLong(16));
                    yield 0;
                }
                case WRITE -> {
                    long logical = bounded(record.getLong(32), MAX_BLOCK, "WRITE length", index);
                    visitor.write(record.getLong(8), offset(record.getLong(24), index), logical);
                    // compressed (zfs send -c): the block as stored, else the logical block
                    yield record.get(50) != 0 ? bounded(record.getLong(96), logical, "WRITE compressed length", index)
                            : logical;
                }
                case FREE -> {
                    long length = record.getLong(24);
                    visitor.free(record.getLong(8), offset(record.getLong(16), index), length < 0 ? -1 : length);
                    yield 0;
                }
                case END -> -1;
                case WRITE_BYREF, REDACT -> {
                    visitor.write(record.getLong(8), offset(record.getLong(16), index), record.getLong(24));
                    yield 0;
                }
                case SPILL -> {
                    // a spill block holds attributes (ACLs, xattrs), not file data
                    long length = bounded(record.getLong(16), MAX_BLOCK, "SPILL length", index);
                    long compressed = record.getLong(40);
                    yield compressed != 0 ? bounded(compressed, length, "SPILL compressed length", index) : length;
                }
                case WRITE_EMBEDDED -> {
                    visitor.write(record.getLong(8), offset(record.getLong(16), index),
                            bounded(record.getLong(24), MAX_BLOCK, "WRITE_EMBEDDED length", index));
                    yield roundUp8(bounded(Integer.toUnsignedLong(record.getInt(52)), MAX_EMBEDDED,
                            "WRITE_EMBEDDED payload", index));
                }
                case OBJECT_RANGE -> 0;
                default -> throw new ZfsException("Record %d of the send stream has the unknown type %d", index,
                        type);
            };
            if (payload < 0) {
                if (in.read() != -1) {
                    throw new ZfsException("The send stream goes on after its END record (record %d)", index);
                }
                return new Summary(fromGuid, toGuid, index + 1);
            }
            skip(in, payload, index, checksum, payloadBuffer);
        }
    }

    private static long offset(long offset, long index) {
        if (offset < 0) {
            throw new ZfsException("Record %d of the send stream has the offset %s", index, Long.toUnsignedString(offset));
        }
        return offset;
    }

    private static long bounded(long value, long max, String what, long index) {
        if (value < 0 || value > max) {
            throw new ZfsException("Record %d of the send stream has the %s %s (at most %d)", index, what,
                    Long.toUnsignedString(value), max);
        }
        return value;
    }

    private static long roundUp8(long value) {
        return (value + 7) & ~7L;
    }

    /** Reads one whole record; false at a clean end of the stream, an error in the middle of one. */
    private static boolean fill(InputStream in, byte[] bytes) throws IOException {
        int n = in.readNBytes(bytes, 0, bytes.length);
        if (n == 0) {
            return false;
        }
        if (n < bytes.length) {
            throw new ZfsException("The send stream ends inside a record (%d of %d bytes)", n, bytes.length);
        }
        return true;
    }

    /** Reads past a payload of {@code length} bytes, adding them to {@code checksum}. */
    private static void skip(InputStream in, long length, long index, Fletcher4 checksum, byte[] buffer)
            throws IOException {
        for (long left = length; left > 0; ) {
            int piece = (int) Math.min(left, buffer.length);
            if (in.readNBytes(buffer, 0, piece) < piece) {
                throw new ZfsException("The send stream ends inside the payload of record %d (%d bytes)", index, length);
            }
            checksum.update(buffer, 0, piece);
            left -= piece;
        }
    }
}
