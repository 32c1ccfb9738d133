package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.zfs.SendStream;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The records of a real incremental {@code zfs send} stream (zfs-fuse's, the oldest format there
 * is) read into the ranges each object changed in, and into the chunks an incremental verify reads
 * again; and streams damaged in each way a reader must notice, refused with the record named.
 */
class SendStreamChangesTest {
    @RegisterExtension
    static final ZfsFusePool POOL = new ZfsFusePool();

    private static final long MIB = 1 << 20;
    private static byte[] stream;
    private static long edited;
    private static long deleted;

    /**
     * A 4 MiB file (128 KiB records) and a 1 MiB one; then 4 KiB of the first rewritten at 1.5 MiB,
     * the first truncated to 3.5 MiB, the second deleted.
     */
    @BeforeAll
    static void send() throws IOException, InterruptedException {
        String dataset = POOL.name() + "/sent";
        ZfsFusePool.zfs("create", "-o", "recordsize=128K", "-o", "compression=off", dataset);
        Path dir = POOL.mountPoint().resolve("sent");
        Commands.run("sh", "-c", "head -c 4194304 /dev/urandom > \"$1/f\"; head -c 1048576 /dev/urandom > \"$1/g\"; sync",
                "set-up", dir.toString());
        edited = (Long) Files.getAttribute(dir.resolve("f"), "unix:ino");
        deleted = (Long) Files.getAttribute(dir.resolve("g"), "unix:ino");
        ZfsFusePool.zfs("snapshot", dataset + "@a");
        Commands.run("sh", "-c", "dd if=/dev/urandom of=\"$1/f\" bs=4K seek=384 count=1 conv=notrunc status=none;"
                + " truncate -s 3670016 \"$1/f\"; rm \"$1/g\"; sync", "change", dir.toString());
        ZfsFusePool.zfs("snapshot", dataset + "@b");
        Process send = new ProcessBuilder("zfs", "send", "-i", dataset + "@a", dataset + "@b")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (InputStream in = send.getInputStream()) {
            stream = in.readAllBytes();
        }
        assertThat(send.waitFor()).isZero();
    }

    /** Records every call, as text. */
    private static final class Recorder implements SendStream.Visitor {
        final List<String> calls = new ArrayList<>();

        @Override
        public void write(long object, long offset, long length) {
            calls.add("write " + object + " " + offset + " " + length);
        }

        @Override
        public void free(long object, long offset, long length) {
            calls.add("free " + object + " " + offset + " " + length);
        }

        @Override
        public void freeObjects(long first, long count) {
            calls.add("freeObjects " + first + " " + count);
        }
    }

    @Test
    void shouldReportTheRangesTheStreamWritesAndFrees() throws IOException {
        Recorder recorder = new Recorder();

        SendStream.Summary summary = SendStream.read(new ByteArrayInputStream(stream), recorder);

        assertThat(summary.fromGuid()).isNotZero();
        // the edited file: the one 128 KiB record rewritten, everything past the new end freed
        assertThat(recorder.calls).filteredOn(call -> call.matches("(write|free) " + edited + " .*"))
                .containsExactly("free " + edited + " 3670016 -1", "write " + edited + " 1572864 131072",
                        "free " + edited + " 3670016 13107200");
        assertThat(recorder.calls).filteredOn(call -> call.startsWith("freeObjects "))
                .anyMatch(call -> {
                    String[] parts = call.split(" ");
                    long first = Long.parseLong(parts[1]);
                    return first <= deleted && deleted - first < Long.parseLong(parts[2]);
                });
        assertThat(recorder.calls).noneMatch(call -> call.matches("(write|free) " + deleted + " .*"));
    }

    @Test
    void shouldMarkTheChunksTheStreamTouches() throws IOException {
        ChangedChunks.Collector byMib = new ChangedChunks.Collector(java.util.Set.of(edited, deleted, 999L), MIB);
        ChangedChunks.Collector by64k = new ChangedChunks.Collector(java.util.Set.of(edited), 64 << 10);
        SendStream.read(new ByteArrayInputStream(stream), new Both(byMib, by64k));

        assertThat(byMib.result()).containsOnlyKeys(edited, deleted, 999L);
        // in MiB: the record at 1.5 MiB is chunk 1; everything from 3.5 MiB on is freed, chunk 3 on
        assertThat(changedBelow(byMib.result().get(edited), 6)).containsExactly(1L, 3L, 4L, 5L);
        assertThat(byMib.result().get(edited).changed(Long.MAX_VALUE)).isTrue();
        // the 128 KiB record at 1.5 MiB is chunks 24 and 25 of 64 KiB; 3.5 MiB on is chunk 56 on
        assertThat(changedBelow(by64k.result().get(edited), 64))
                .containsExactly(24L, 25L, 56L, 57L, 58L, 59L, 60L, 61L, 62L, 63L);
        assertThat(changedBelow(byMib.result().get(deleted), 3)).containsExactly(0L, 1L, 2L);
        // the stream frees every object number that is not allocated (999 among them): such an
        // object counts as changed in full
        assertThat(changedBelow(byMib.result().get(999L), 3)).containsExactly(0L, 1L, 2L);
    }

    private static List<Long> changedBelow(ChangedChunks chunks, long limit) {
        List<Long> changed = new ArrayList<>();
        for (long index = 0; index < limit; index++) {
            if (chunks.changed(index)) {
                changed.add(index);
            }
        }
        return changed;
    }

    @Test
    void shouldRefuseDamagedStreams() {
        assertThat(refusal(new byte[0])).isEqualTo("The send stream is empty");
        assertThat(refusal(Arrays.copyOf(stream, 100))).isEqualTo("The send stream ends inside a record (100 of 312 bytes)");
        byte[] magic = stream.clone();
        magic[8] ^= 1;
        assertThat(refusal(magic)).isEqualTo("The send stream does not start with a BEGIN record (no magic number)");
        byte[] compound = stream.clone();
        ByteBuffer.wrap(compound).order(ByteOrder.LITTLE_ENDIAN).putLong(16, 2);
        assertThat(refusal(compound)).startsWith("The send stream is a package of several streams (zfs send -R)");
        byte[] unknown = stream.clone();
        ByteBuffer.wrap(unknown).order(ByteOrder.LITTLE_ENDIAN).putInt(312, 77);
        assertThat(refusal(unknown)).isEqualTo("Record 1 of the send stream has the unknown type 77");
        int write = firstWrite();
        byte[] huge = stream.clone();
        ByteBuffer.wrap(huge).order(ByteOrder.LITTLE_ENDIAN).putLong(write + 32, 1L << 30);
        assertThat(refusal(huge)).matches("Record \\d+ of the send stream has the WRITE length 1073741824 \\(at most 16777216\\)");
        assertThat(refusal(Arrays.copyOf(stream, write + 312 + 1000)))
                .matches("The send stream ends inside the payload of record \\d+ \\(\\d+ bytes\\)");
        assertThat(refusal(Arrays.copyOf(stream, write)))
                .matches("The send stream ends after \\d+ records, without an END record");
        assertThat(refusal(Arrays.copyOf(stream, stream.length + 1)))
                .matches("The send stream goes on after its END record \\(record \\d+\\)");
        // one bit of written data flipped, the structure intact: only the END record's checksum of
        // the whole stream (the one zfs-fuse's streams carry) can tell
        byte[] flipped = stream.clone();
        flipped[write + 312 + 100] ^= 0x10; // inside any WRITE payload (at least 512 bytes)
        assertThat(refusal(flipped)).isEqualTo("The send stream fails its checksum at its END record (record "
                + records() + "): it was damaged on its way");
        // a record's own checksum (OpenZFS 0.7 and later write one in each record) that does not match
        byte[] wrongRecordSum = stream.clone();
        ByteBuffer.wrap(wrongRecordSum).order(ByteOrder.LITTLE_ENDIAN).putLong(write + 280, 12345);
        assertThat(refusal(wrongRecordSum)).matches("Record \\d+ of the send stream fails its checksum: the stream was"
                + " damaged on its way");
    }

    /** The number of records before the END record, counted by walking the stream as the reader does. */
    private static long records() {
        ByteBuffer buffer = ByteBuffer.wrap(stream).order(ByteOrder.LITTLE_ENDIAN);
        int position = 312 + buffer.getInt(4);
        long index = 1;
        while (buffer.getInt(position) != 5) {
            int type = buffer.getInt(position);
            int payload = switch (type) {
                case 1 -> (buffer.getInt(position + 28) + 7) & ~7;
                case 3 -> (int) buffer.getLong(position + 32); // zfs-fuse sends no compressed WRITE
                default -> 0;
            };
            position += 312 + payload;
            index++;
        }
        return index;
    }

    /** The offset of the first WRITE record, found by walking the records as the reader does. */
    private static int firstWrite() {
        ByteBuffer buffer = ByteBuffer.wrap(stream).order(ByteOrder.LITTLE_ENDIAN);
        int position = 312 + buffer.getInt(4);
        while (buffer.getInt(position) != 3) {
            int type = buffer.getInt(position);
            assertThat(type).as("record type at %d", position).isIn(1, 2, 4);
            position += 312 + (type == 1 ? (buffer.getInt(position + 28) + 7) & ~7 : 0);
        }
        return position;
    }

    private static String refusal(byte[] bytes) {
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(
                () -> SendStream.read(new ByteArrayInputStream(bytes), new Recorder()));
        assertThat(thrown).isInstanceOf(ZfsException.class);
        return thrown.getMessage();
    }

    /** Hands every record to two visitors. */
    private record Both(SendStream.Visitor first, SendStream.Visitor second) implements SendStream.Visitor {
        @Override
        public void write(long object, long offset, long length) {
            first.write(object, offset, length);
            second.write(object, offset, length);
        }

        @Override
        public void free(long object, long offset, long length) {
            first.free(object, offset, length);
            second.free(object, offset, length);
        }

        @Override
        public void freeObjects(long first, long count) {
            this.first.freeObjects(first, count);
            second.freeObjects(first, count);
        }
    }
}
