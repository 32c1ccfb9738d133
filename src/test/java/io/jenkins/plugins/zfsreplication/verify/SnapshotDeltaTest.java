package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which chunks of a later snapshot are an earlier one's, told by chunk ordinal, from the two
 * source manifests and what the copy's zfs says changed. The trees are real directories here; what
 * zfs diff and zfs send -i would say is given as their output (zfs diff's lines) and records, as
 * the copy's zfs would give them for these changes. 4 KiB chunks.
 */
class SnapshotDeltaTest {
    private static final long CHUNK = 4096;
    private static final String MOUNT = "/backup/copy";

    @TempDir
    Path work;

    /**
     * Earlier: a (3 chunks), b/c (1), d (2), keep (1): ordinals a 0-2, b/c 3, d 4-5, keep 6. Later,
     * a written in place, b renamed to bb, d renamed to d2, e created: a 0-2, bb/c 3, d2 4-5, e 6,
     * keep 7. a, d2 and e are read; bb/c is b/c's chunk 3, keep is chunk 6.
     */
    @Test
    void shouldTakeTheChunksZfsDiffListsNoChangeInAndReadTheRest() throws IOException {
        Path earlier = tree("earlier", Map.of("a", 10_000, "b/c", 100, "d", 5000, "keep", 50));
        Path later = copyTree(earlier, "later");
        flip(later.resolve("a"), 9000);
        Files.move(later.resolve("b"), later.resolve("bb"));
        Files.move(later.resolve("d"), later.resolve("d2"));
        write(later.resolve("e"), 700, 9);
        String diff = "M\tF\t" + MOUNT + "/a\nR\t/\t" + MOUNT + "/b\t" + MOUNT + "/bb\nR\tF\t" + MOUNT + "/d\t" + MOUNT
                + "/d2\n+\tF\t" + MOUNT + "/e\nM\t/\t" + MOUNT + "/\n";

        SnapshotDelta.Result delta = delta(earlier, later, diff, Map.of());

        assertThat(delta.fullBecause()).isNull();
        assertThat(delta.pieces()).containsExactly(new SnapshotDelta.Piece(0, 3, 10_000, -1),
                new SnapshotDelta.Piece(3, 4, 100, 3), new SnapshotDelta.Piece(4, 7, 5700, -1),
                new SnapshotDelta.Piece(7, 8, 50, 6));
        assertThat(delta.toReadBytes()).isEqualTo(15_700);
        assertThat(delta.extra()).isEmpty();
    }

    /** A large file written in place: only the chunks zfs send -i wrote are read, the others taken at their ordinals. */
    @Test
    void shouldReadOnlyTheChunksZfsSendWroteOfALargeFileModifiedInPlace() throws IOException {
        Path earlier = tree("earlier", Map.of("big", 6 * 4096, "small", 10));
        Path later = copyTree(earlier, "later");
        flip(later.resolve("big"), 2 * 4096 + 5);
        long inode = (Long) Files.getAttribute(later.resolve("big"), "unix:ino");
        String diff = "M\tF\t" + MOUNT + "/big\n";

        SnapshotDelta.Result delta = delta(earlier, later, diff, Map.of(inode, new long[] {2 * 4096, 4096}));

        assertThat(delta.pieces()).containsExactly(new SnapshotDelta.Piece(0, 2, 8192, 0),
                new SnapshotDelta.Piece(2, 3, 4096, -1), new SnapshotDelta.Piece(3, 7, 3 * 4096 + 10, 3));
    }

    /**
     * The copy's zfs says a file did not change, yet the source's manifests give it other hashes:
     * the chunk is read, so that the difference shows.
     */
    @Test
    void shouldReadAChunkTheSourceChangedWhereTheCopysZfsListsNoChange() throws IOException {
        Path earlier = tree("earlier", Map.of("x", 3 * 4096));
        Path later = copyTree(earlier, "later");
        flip(later.resolve("x"), 4096 + 1);

        SnapshotDelta.Result delta = delta(earlier, later, "M\t/\t" + MOUNT + "/\n", Map.of());

        assertThat(delta.pieces()).containsExactly(new SnapshotDelta.Piece(0, 1, 4096, 0),
                new SnapshotDelta.Piece(1, 2, 4096, -1), new SnapshotDelta.Piece(2, 3, 4096, 2));
    }

    /** zfs diff names one link of a file with several: the other names changed too, so everything is read. */
    @Test
    void shouldReadEverythingWhenAChangedFileHasSeveralLinks() throws IOException {
        Path earlier = tree("earlier", Map.of("p", 100, "q", 200));
        Path later = copyTree(earlier, "later");
        flip(later.resolve("p"), 3);
        Files.createLink(later.resolve("z-link"), later.resolve("p"));

        SnapshotDelta.Result delta = delta(earlier, later, "M\tF\t" + MOUNT + "/p\n+\tF\t" + MOUNT + "/z-link\n", Map.of());

        assertThat(delta.fullBecause()).isEqualTo("p has 2 links, and zfs diff names only one of them");
        assertThat(delta.pieces()).containsExactly(new SnapshotDelta.Piece(0, 3, 400, -1));
    }

    /** A file the copy's zfs diff lists as created that the source's manifest lacks is named as extra. */
    @Test
    void shouldNameAFileCreatedOnTheCopyThatTheSourceLacks() throws IOException {
        Path earlier = tree("earlier", Map.of("p", 100));
        Path later = copyTree(earlier, "later");
        Path laterManifest = manifest(later, "later.manifest");
        write(later.resolve("planted"), 10, 1);

        SnapshotDelta.Result delta = SnapshotDelta.between(manifest(earlier, "earlier.manifest"), laterManifest,
                "backup/copy@s1", "backup/copy@s2", () -> later, changes("+\tF\t" + MOUNT + "/planted\n", Map.of()),
                line -> { });

        assertThat(delta.extra()).extracting(CopyFinding::describe)
                .containsExactly("extra: planted is on the copy, not in the source's manifest");
        assertThat(delta.pieces()).containsExactly(new SnapshotDelta.Piece(0, 1, 100, 0));
    }

    /** A volume: the chunks zfs send -i wrote are read, the others are the earlier snapshot's at the same ordinal. */
    @Test
    void shouldFollowAVolumesChunksByTheSendStream() throws IOException {
        Path earlier = work.resolve("vol-earlier");
        write(earlier, 5 * 4096, 4);
        Path later = work.resolve("vol-later");
        Files.copy(earlier, later);
        flip(later, 3 * 4096 + 7);
        SnapshotChanges changes = changes("", Map.of(SnapshotChanges.VOLUME_DATA, new long[] {3 * 4096, 4096}));

        SnapshotDelta.Result delta = SnapshotDelta.between(manifest(earlier, "e.manifest"), manifest(later, "l.manifest"),
                "backup/vm@s1", "backup/vm@s2", () -> later, changes, line -> { });

        assertThat(delta.pieces()).containsExactly(new SnapshotDelta.Piece(0, 3, 3 * 4096, 0),
                new SnapshotDelta.Piece(3, 4, 4096, -1), new SnapshotDelta.Piece(4, 5, 4096, 4));
    }

    private SnapshotDelta.Result delta(Path earlier, Path later, String diff, Map<Long, long[]> written) {
        return SnapshotDelta.between(manifest(earlier, "earlier.manifest"), manifest(later, "later.manifest"),
                "backup/copy@s1", "backup/copy@s2", () -> later, changes(diff, written), line -> { });
    }

    /** What the copy's zfs says: zfs diff's output, and per object the range zfs send -i wrote. */
    private static SnapshotChanges changes(String diff, Map<Long, long[]> written) {
        return new SnapshotChanges() {
            @Override
            public TreeChanges between(String earlier, String later) {
                return TreeChanges.parse(diff, MOUNT);
            }

            @Override
            public Map<Long, ChangedChunks> chunks(String earlier, String later, Set<Long> objects, long chunkSize) {
                ChangedChunks.Collector collector = new ChangedChunks.Collector(objects, chunkSize);
                written.forEach((object, range) -> collector.write(object, range[0], range[1]));
                return collector.result();
            }
        };
    }

    private Path manifest(Path root, String name) {
        Path manifest = work.resolve(name);
        new Verifier(new VerifyOptions(CHUNK, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 1), 1000, null).verify(root,
                manifest);
        return manifest;
    }

    private Path tree(String name, Map<String, Integer> files) throws IOException {
        Path root = work.resolve(name);
        int seed = 0;
        for (Map.Entry<String, Integer> file : new java.util.TreeMap<>(files).entrySet()) {
            Path path = root.resolve(file.getKey());
            Files.createDirectories(path.getParent());
            write(path, file.getValue(), seed++);
        }
        return root;
    }

    private Path copyTree(Path from, String name) {
        Path copy = work.resolve(name);
        Commands.run("cp", "-a", from.toString(), copy.toString());
        return copy;
    }

    private static void write(Path file, int size, int seed) throws IOException {
        byte[] data = new byte[size];
        new Random(seed).nextBytes(data);
        Files.write(file, data);
    }

    private static void flip(Path file, long offset) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(offset);
            int b = raf.read();
            raf.seek(offset);
            raf.write(b ^ 0xff);
        }
    }
}
