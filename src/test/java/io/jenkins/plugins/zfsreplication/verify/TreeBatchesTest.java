package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.zfsreplication.posix.NativeDirectory;
import io.jenkins.plugins.zfsreplication.posix.Posix;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tree of many small files is hashed in batches, each batch's manifest lines and statistics made
 * by the thread that hashed it, and appended by the calling thread in listing order. On a real tree
 * of 2,000 files (about 32 batches: empty files, all-zero files, sparse files of several chunks in
 * the middle of batches, names with spaces, tabs, backslashes and accents) the manifest must be,
 * byte for byte, the one built here file by file from the independent oracle (chunk_oracle.py for
 * the hashes, the sizes and contents on disk for the rest), and the statistics exact, whether the
 * batches race on several threads or are made to finish out of order.
 */
class TreeBatchesTest {
    private static final long CHUNK = 1 << 16;
    private static final int FILES = 2000;

    @TempDir
    Path temporary;

    private Path root;
    /** Every regular file's relative path, in manifest order (sorted as strings). */
    private List<String> paths;

    @BeforeEach
    void makeTree() throws IOException {
        root = Files.createDirectory(temporary.resolve("tree"));
        Random random = new Random(20261206);
        String[] odd = {"with space", "tab\there", "back\\slash", "caf\u00e9", "a-b", "a.b", "a0"};
        for (int i = 0; i < FILES; i++) {
            Path directory = root.resolve(String.format(Locale.ROOT, "d%02d", i % 23));
            if (i % 5 == 0) {
                directory = directory.resolve("a"); // "a" sorts among "a-b", "a.b", "a0" as "a/"
            }
            Files.createDirectories(directory);
            String name = i % 97 == 0 ? odd[(i / 97) % odd.length] + i : String.format(Locale.ROOT, "f%05d", i);
            Path file = directory.resolve(name);
            if (i % 211 == 0) {
                // sparse, several chunks: data in the second and fourth chunk only, a hole in the third
                SparseFixture.create(file, i).data(CHUNK + 100, 5000).data(3 * CHUNK, 70_000).size(5 * CHUNK + 12);
            } else if (i % 41 == 0) {
                Files.write(file, new byte[0]);
            } else if (i % 43 == 0) {
                Files.write(file, new byte[1 + random.nextInt(4000)]); // all zeros: a zero chunk
            } else {
                byte[] data = new byte[1 + random.nextInt(i % 50 == 1 ? (int) CHUNK - 1 : 3000)];
                random.nextBytes(data);
                Files.write(file, data);
            }
        }
        try (Stream<Path> walk = Files.walk(root)) {
            paths = walk.filter(Files::isRegularFile).map(file -> root.relativize(file).toString()).sorted().toList();
        }
        assertThat(paths).hasSize(FILES);
    }

    @Test
    void shouldWriteTheOraclesManifestAndExactStatisticsWhileBatchesRace() throws IOException {
        Expected expected = expected();
        for (int threads : new int[] {2, 8}) {
            Path manifest = temporary.resolve("race-" + threads + ".manifest");
            VerifyResult result = new Verifier(new VerifyOptions(CHUNK, 1, HashAlgorithm.XXH64, SparseMode.AUTO, threads),
                    100, null).verify(root, manifest);

            assertThat(Files.readString(manifest, StandardCharsets.UTF_8)).as("%d threads", threads)
                    .isEqualTo(expected.header(ToolVersion.current()) + expected.body() + expected.end());
            assertThat(result.totals()).as("%d threads", threads).isEqualTo(expected.totals());
            assertThat(result.files()).as("%d threads", threads).extracting(FileStats::path)
                    .containsExactlyElementsOf(expected.listed());
            assertThat(result.files()).extracting(FileStats::size)
                    .containsExactlyElementsOf(expected.listed().stream().map(this::size).toList());
        }
    }

    /**
     * Batch 4k waits (on its hashing thread, before reading) until batch 4k+2 has started: with two
     * threads the other one has then finished batch 4k+1, so batches finish out of order; the
     * manifest and the statistics must not change.
     */
    @Test
    void shouldAppendBatchesInListingOrderWhenTheyFinishOutOfOrder() throws IOException {
        Expected expected = expected();
        int batches = (FILES + TreeHashing.BATCH_FILES - 1) / TreeHashing.BATCH_FILES;
        Map<Integer, CountDownLatch> started = new ConcurrentHashMap<>();
        for (int batch = 0; batch < batches; batch++) {
            started.put(batch, new CountDownLatch(1));
        }
        List<Integer> heldBack = java.util.Collections.synchronizedList(new ArrayList<>());
        IntConsumer pace = batch -> {
            started.get(batch).countDown();
            if (batch % 4 == 0 && batch + 2 < batches) {
                try {
                    if (started.get(batch + 2).await(20, TimeUnit.SECONDS)) {
                        heldBack.add(batch);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        Path manifest = temporary.resolve("out-of-order.manifest");
        FileStatsCollector stats = hash(manifest, pace);

        assertThat(heldBack).as("batches that finished after the next one").hasSize((batches - 3) / 4 + 1);
        assertThat(Files.readString(manifest, StandardCharsets.UTF_8))
                .isEqualTo(expected.header("test") + expected.body() + expected.end());
        assertThat(stats.totals()).isEqualTo(expected.totals());
        assertThat(stats.listed()).extracting(FileStats::path).containsExactlyElementsOf(expected.listed());
    }

    /**
     * A file deleted after the listing, before its batch reads it: the run fails naming it, no
     * manifest is left, and the statistics hold exactly the batches before it.
     */
    @Test
    void shouldFailOnAFileThatVanishedMidRunAndCountOnlyTheBatchesBefore() {
        int batch = 5;
        String gone = paths.get(batch * TreeHashing.BATCH_FILES + 7);
        Path manifest = temporary.resolve("vanished.manifest");
        FileStatsCollector[] stats = new FileStatsCollector[1];
        assertThatThrownBy(() -> hash(manifest, index -> {
            if (index == batch) {
                try {
                    Files.delete(root.resolve(gone));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }, stats)).isInstanceOf(VerifyException.class).hasMessageContaining(gone)
                .hasMessageContaining("the tree changed while being verified");

        assertThat(manifest).doesNotExist();
        try (Stream<Path> left = Files.list(temporary)) {
            assertThat(left.map(Path::getFileName).map(Path::toString)).containsExactly("tree");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> before = paths.subList(0, batch * TreeHashing.BATCH_FILES);
        assertThat(stats[0].totals().files()).isEqualTo(before.size());
        assertThat(stats[0].totals().bytes()).isEqualTo(before.stream().mapToLong(this::size).sum());
    }

    private FileStatsCollector hash(Path manifest, IntConsumer pace) {
        FileStatsCollector[] stats = new FileStatsCollector[1];
        hash(manifest, pace, stats);
        return stats[0];
    }

    /** Walks and hashes the tree with two threads as a verify does, {@code pace} called before each batch. */
    private void hash(Path manifest, IntConsumer pace, FileStatsCollector[] stats) {
        stats[0] = new FileStatsCollector();
        VerifyOptions options = new VerifyOptions(CHUNK, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 2);
        ManifestHeader header = new ManifestHeader(ManifestHeader.FORMAT, "test", HashAlgorithm.XXH64, CHUNK, 1,
                ManifestHeader.Layout.TREE, true);
        try (ThroughputRecorder recorder = new ThroughputRecorder(1000, null);
             NativeDirectory open = Posix.get().openDirectory(root);
             TreeOpener.PerThread openers = new TreeOpener.PerThread(open);
             HashingSession session = new HashingSession(options, Posix.get(), NativeXxHash.loaded().orElse(null),
                     recorder, line -> { });
             ManifestWriter writer = ManifestWriter.toFile(manifest, header);
             TreeWalk walk = new TreeWalk(open)) {
            new TreeHashing(session, openers, pace).run(walk::next, writer, stats[0]);
            writer.finish(stats[0].totals().files(), stats[0].totals().chunks());
            writer.commit();
        }
    }

    /** The manifest and statistics built file by file from the oracle's hashes and the files on disk. */
    private record Expected(String body, String end, FileTotals totals, List<String> listed) {
        String header(String tool) {
            return String.join("\n", "# zfs-replication checksum manifest", "# format: 1", "# tool: " + tool,
                    "# hash: xxh64", "# block-size: 65536", "# count: 1", "# chunk-size: 65536", "# layout: tree", "");
        }
    }

    private Expected expected() throws IOException {
        // "path<TAB>chunk<TAB>hash" lines; a path may hold a tab, never a newline
        Map<String, List<String>> chunks = new LinkedHashMap<>();
        for (String line : Oracle.treeChunks(root, "xxh64", CHUNK)) {
            int hash = line.lastIndexOf('\t');
            int index = line.lastIndexOf('\t', hash - 1);
            chunks.computeIfAbsent(line.substring(0, index), path -> new ArrayList<>()).add(line.substring(index + 1));
        }
        assertThat(new ArrayList<>(chunks.keySet())).as("the oracle's order").isEqualTo(
                paths.stream().filter(path -> size(path) > 0).toList());
        StringBuilder body = new StringBuilder();
        long bytes = 0;
        long chunkCount = 0;
        long holeBytes = 0;
        long zeroChunks = 0;
        for (String path : paths) {
            long size = size(path);
            String escaped = path.replace("\\", "\\\\").replace("\t", "\\t");
            body.append("# size: ").append(size).append('\t').append(escaped).append('\n');
            for (String chunk : chunks.getOrDefault(path, List.of())) {
                body.append(escaped).append('\t').append(chunk).append('\n');
                chunkCount++;
            }
            bytes += size;
            if (size >= CHUNK) {
                long[] holesAndZeros = Oracle.holeBytesAndZeroChunks(root.resolve(path), CHUNK);
                holeBytes += holesAndZeros[0];
                zeroChunks += holesAndZeros[1];
            } else if (size > 0 && allZero(path)) {
                zeroChunks++; // a small file is read whole, never mapped for holes
            }
        }
        assertThat(holeBytes).as("the sparse files' holes").isPositive();
        List<String> bySize = new ArrayList<>(paths);
        bySize.sort(Comparator.comparingLong(this::size).reversed()); // stable: the earlier of two the same size first
        List<String> listed = bySize.subList(0, FileStatsCollector.LISTED).stream().sorted().toList();
        return new Expected(body.toString(), "# end: " + paths.size() + " files, " + chunkCount + " chunks\n",
                new FileTotals(paths.size(), bytes, chunkCount, bytes - holeBytes, holeBytes, zeroChunks, 0, 0), listed);
    }

    private long size(String path) {
        try {
            return Files.size(root.resolve(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private boolean allZero(String path) {
        try {
            for (byte b : Files.readAllBytes(root.resolve(path))) {
                if (b != 0) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
