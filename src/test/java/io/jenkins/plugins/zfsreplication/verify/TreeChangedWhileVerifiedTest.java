package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.jenkins.plugins.zfsreplication.posix.NativeDirectory;
import io.jenkins.plugins.zfsreplication.posix.NativeFile;
import io.jenkins.plugins.zfsreplication.posix.Posix;
import io.jenkins.plugins.zfsreplication.posix.PosixException;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tree that changes between its listing and the reading of its files, or a file that changes while
 * it is read: verify must neither hang, nor read what a link points to, nor pass with an old size.
 * The listing is taken first (a {@link TreeWalk} lists a directory when it enters it), the tree is
 * changed, then the listed files are hashed: the same order of events as a race, made deterministic.
 */
class TreeChangedWhileVerifiedTest {
    private static final long CHUNK = 1 << 16;
    private static final VerifyOptions OPTIONS = new VerifyOptions(CHUNK, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 2);

    @TempDir
    Path temporary;

    @Test
    void shouldRefuseAFileSwappedForAFifoInsteadOfHanging() throws IOException {
        Path root = tree();
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThatThrownBy(() -> hashAfter(root, () -> {
            Files.delete(root.resolve("b"));
            Commands.run("mkfifo", root.resolve("b").toString());
        })).isInstanceOf(VerifyException.class)
                .hasMessageContaining("b is a FIFO, not a regular file or block device: not read"));
    }

    @Test
    void shouldRefuseAFileSwappedForASymlinkInsteadOfHashingItsTarget() throws IOException {
        Path root = tree();
        Path secret = Files.writeString(temporary.resolve("secret"), "not part of the tree");
        assertThatThrownBy(() -> hashAfter(root, () -> {
            Files.delete(root.resolve("b"));
            Files.createSymbolicLink(root.resolve("b"), secret);
        })).isInstanceOf(VerifyException.class).hasMessageContaining("b is a symbolic link: not followed");
    }

    @Test
    void shouldNotFollowADirectorySwappedForASymlink() throws IOException {
        Path root = tree();
        Path outside = Files.createDirectory(temporary.resolve("outside"));
        Files.writeString(outside.resolve("c"), "outside the tree");
        try (NativeDirectory open = Posix.get().openDirectory(root); TreeOpener opener = new TreeOpener(open)) {
            Files.delete(root.resolve("sub/c"));
            Files.delete(root.resolve("sub"));
            Files.createSymbolicLink(root.resolve("sub"), outside);
            assertThatThrownBy(() -> opener.open("sub/c")).isInstanceOf(PosixException.class)
                    .hasMessageContaining("sub is no longer a directory (now: symbolic link): not followed");
        }
    }

    @Test
    void shouldFailASmallFileThatGrewAfterItsFstat() throws IOException {
        Path file = Files.write(temporary.resolve("small"), new byte[1000]);
        try (ThroughputRecorder recorder = new ThroughputRecorder(1000, null);
             HashingSession session = session(recorder);
             NativeFile open = Posix.get().openReadOnly(file)) {
            long size = open.openedStatus().size();
            Files.write(file, new byte[10], StandardOpenOption.APPEND);
            assertThatThrownBy(() -> session.hashSmall(open, "small", size)).isInstanceOf(VerifyException.class)
                    .hasMessage("small changed size while being read (1000 bytes, then at least 1001): verify a"
                            + " snapshot or a file nobody writes to");
        }
    }

    @Test
    void shouldFailALargeFileThatGrewOrShrankWhileHashed() throws IOException {
        for (long change : new long[] {+4096, -4096}) {
            Path file = temporary.resolve("large" + change);
            SparseFixture.create(file, 9).data(0, 5 * (int) CHUNK).size(5 * CHUNK);
            try (ThroughputRecorder recorder = new ThroughputRecorder(1000, null);
                 HashingSession session = session(recorder);
                 NativeFile open = Posix.get().openReadOnly(file);
                 ManifestWriter writer = ManifestWriter.toWriter(new StringWriter(), header())) {
                // the file changes after the fstat at open, as if written during the read
                try (var channel = java.nio.channels.FileChannel.open(file, StandardOpenOption.WRITE)) {
                    if (change > 0) {
                        channel.write(java.nio.ByteBuffer.allocate((int) change), 5 * CHUNK);
                    } else {
                        channel.truncate(5 * CHUNK + change);
                    }
                }
                assertThatThrownBy(() -> Verifier.hashOpen(session, writer, open, "large")).as("change %d", change)
                        .isInstanceOf(VerifyException.class).hasMessageContaining("large")
                        .hasMessageContaining(change > 0 ? "changed size while being read (327680 bytes, then at least 331776)"
                                : "changed size while being read (327680 bytes, then 323584)");
            }
        }
    }

    private Path tree() throws IOException {
        Path root = Files.createDirectory(temporary.resolve("root"));
        SparseFixture.create(root.resolve("a"), 1).data(0, 100).size(100);
        SparseFixture.create(root.resolve("b"), 2).data(0, 200).size(200);
        Files.createDirectory(root.resolve("sub"));
        SparseFixture.create(root.resolve("sub/c"), 3).data(0, 300).size(300);
        return root;
    }

    private static ManifestHeader header() {
        return new ManifestHeader(ManifestHeader.FORMAT, "test", HashAlgorithm.XXH64, CHUNK, 1,
                ManifestHeader.Layout.TREE, true);
    }

    interface Change {
        void apply() throws IOException;
    }

    /** Lists {@code root}'s top directory, applies {@code change}, then hashes what was listed. */
    private static void hashAfter(Path root, Change change) throws IOException {
        try (NativeDirectory open = Posix.get().openDirectory(root);
             TreeWalk walk = new TreeWalk(open);
             ThroughputRecorder recorder = new ThroughputRecorder(1000, null);
             TreeOpener.PerThread openers = new TreeOpener.PerThread(open);
             HashingSession session = session(recorder);
             ManifestWriter writer = ManifestWriter.toWriter(new StringWriter(), header())) {
            change.apply();
            new TreeHashing(session, openers).run(walk::next, writer, file -> { });
        }
    }

    private static HashingSession session(ThroughputRecorder recorder) {
        return new HashingSession(OPTIONS, Posix.get(), NativeXxHash.loaded().orElse(null), recorder, line -> { });
    }
}
