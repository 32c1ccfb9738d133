package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A copy of a tree checked against the source's manifest by chunk ordinal ranges, on this host's
 * file system: what the copy has that differs is named file by file and chunk by chunk, what the
 * ranges leave out is never read, and a range's byte budget stops it at a chunk boundary. The tree:
 * {@code a} (3 chunks of 4 KiB: 10,000 bytes), {@code b/c} (1 chunk, 100 bytes), {@code d} (2
 * chunks, 5,000 bytes): ordinals 0-2, 3, 4-5.
 */
class CopyCheckTest {
    private static final long CHUNK = 4096;

    @TempDir
    Path work;

    @Test
    void shouldMatchEveryChunkOfAnExactCopyAndReadOnlyTheRangesAsked() throws IOException {
        Path source = tree(work.resolve("source"));
        Path manifest = manifest(source);
        Path copy = copy(source, work.resolve("copy"));

        CopyCheck.Result all = new CopyCheck(2).check(copy, manifest, List.of(new CopyCheck.Range(0, 6, Long.MAX_VALUE)),
                true, Long.MAX_VALUE);
        CopyCheck.Result some = new CopyCheck(1).check(copy, manifest, List.of(new CopyCheck.Range(1, 2, Long.MAX_VALUE),
                new CopyCheck.Range(3, 5, Long.MAX_VALUE)), false, Long.MAX_VALUE);

        assertThat(all.runs()).containsExactly(new CopyCheck.Run(0, 6, 15_100, CopyCheck.State.MATCHED, null));
        assertThat(all.findings()).isEmpty();
        assertThat(all.checkedBytes()).isEqualTo(15_100);
        assertThat(all.readBytes()).isEqualTo(15_100);
        assertThat(some.runs()).containsExactly(new CopyCheck.Run(1, 2, 4096, CopyCheck.State.MATCHED, null),
                new CopyCheck.Run(3, 5, 4196, CopyCheck.State.MATCHED, null));
        assertThat(some.readBytes()).isEqualTo(4096 + 100 + 4096);
    }

    @Test
    void shouldNameEachChunkThatDiffersEachFileMissingExtraOrOfAnotherSize() throws IOException {
        Path source = tree(work.resolve("source"));
        Path manifest = manifest(source);
        Path copy = copy(source, work.resolve("copy"));
        try (RandomAccessFile file = new RandomAccessFile(copy.resolve("a").toFile(), "rw")) {
            file.seek(8200);
            file.write(0xff ^ file.read());
        }
        Files.delete(copy.resolve("b/c"));
        Files.write(copy.resolve("b/extra"), new byte[10]);
        try (RandomAccessFile file = new RandomAccessFile(copy.resolve("d").toFile(), "rw")) {
            file.setLength(4096);
        }

        CopyCheck.Result result = new CopyCheck(2).check(copy, manifest, List.of(new CopyCheck.Range(0, 6, Long.MAX_VALUE)),
                true, Long.MAX_VALUE);

        assertThat(result.findings()).extracting(CopyFinding::kind, CopyFinding::path, CopyFinding::chunk,
                CopyFinding::offset, CopyFinding::length).containsExactly(
                        tuple(CopyFinding.Kind.MISSING, "b/c", -1L, 0L, 100L),
                        tuple(CopyFinding.Kind.EXTRA, "b/extra", -1L, 0L, 0L),
                        tuple(CopyFinding.Kind.CHUNK, "a", 2L, 8192L, 1808L),
                        tuple(CopyFinding.Kind.SIZE, "d", -1L, 0L, 5000L));
        assertThat(result.findings().get(3).describe()).isEqualTo("size differs: d (5000 bytes in the source's"
                + " manifest, 4096 on the copy)");
        // consecutive chunks that fared alike are one run, named by its first finding
        assertThat(result.runs()).containsExactly(new CopyCheck.Run(0, 2, 8192, CopyCheck.State.MATCHED, null),
                new CopyCheck.Run(2, 6, 1808 + 100 + 5000, CopyCheck.State.MISMATCH, result.findings().get(2).describe()));
        assertThat(result.findingCount()).isEqualTo(4);
    }

    /**
     * A range's budget ends it before the chunk that would pass it; the next range has its own, and
     * a run never spans two ranges, even where they touch.
     */
    @Test
    void shouldStopARangeAtItsBudgetOnAChunkBoundaryAndKeepRangesApart() throws IOException {
        Path source = tree(work.resolve("source"));
        Path manifest = manifest(source);
        Path copy = copy(source, work.resolve("copy"));

        CopyCheck.Result cut = new CopyCheck(2).check(copy, manifest, List.of(new CopyCheck.Range(0, 3, 9000),
                new CopyCheck.Range(3, 6, 4196)), false, Long.MAX_VALUE);
        CopyCheck.Result touching = new CopyCheck(2).check(copy, manifest, List.of(new CopyCheck.Range(0, 3,
                Long.MAX_VALUE), new CopyCheck.Range(3, 6, Long.MAX_VALUE)), false, Long.MAX_VALUE);

        assertThat(cut.runs()).containsExactly(new CopyCheck.Run(0, 2, 8192, CopyCheck.State.MATCHED, null),
                new CopyCheck.Run(3, 5, 4196, CopyCheck.State.MATCHED, null));
        assertThat(cut.checkedBytes()).isEqualTo(8192 + 4196);
        assertThat(touching.runs()).containsExactly(new CopyCheck.Run(0, 3, 10_000, CopyCheck.State.MATCHED, null),
                new CopyCheck.Run(3, 6, 5100, CopyCheck.State.MATCHED, null));
    }

    /**
     * A range is read as a prefix: when its first chunk passes the budget, a smaller chunk after it
     * (a file's short last chunk) is not read either, or the ledger would hold a read that skips a
     * chunk it never read.
     */
    @Test
    void shouldReadNothingOfARangeAfterAChunkThatPassesItsBudget() throws IOException {
        Path source = tree(work.resolve("source"));
        Path manifest = manifest(source);
        Path copy = copy(source, work.resolve("copy"));

        CopyCheck.Result result = new CopyCheck(2).check(copy, manifest, List.of(new CopyCheck.Range(1, 3, 2000),
                new CopyCheck.Range(4, 6, 1000)), false, Long.MAX_VALUE);

        assertThat(result.runs()).isEmpty();
        assertThat(result.checkedBytes()).isZero();
    }

    private static Path tree(Path root) throws IOException {
        Files.createDirectories(root.resolve("b"));
        Random random = new Random(3);
        write(root.resolve("a"), random, 10_000);
        write(root.resolve("b/c"), random, 100);
        write(root.resolve("d"), random, 5000);
        return root;
    }

    private static void write(Path file, Random random, int size) throws IOException {
        byte[] data = new byte[size];
        random.nextBytes(data);
        Files.write(file, data);
    }

    private Path manifest(Path source) {
        Path manifest = work.resolve("source.manifest");
        new Verifier(new VerifyOptions(CHUNK, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 1), 1000, null)
                .verify(source, manifest);
        return manifest;
    }

    private static Path copy(Path source, Path copy) {
        Commands.run("cp", "-a", source.toString(), copy.toString());
        return copy;
    }
}
