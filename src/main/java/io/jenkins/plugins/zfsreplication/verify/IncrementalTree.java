package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.posix.NativeFile;
import io.jenkins.plugins.zfsreplication.posix.PosixException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The manifest of a later snapshot from the manifest of an earlier one and what changed between
 * them: files {@code zfs diff} names are read again, every other file's lines are taken from the
 * earlier manifest (under its new path when a directory above it was renamed), and the result is
 * written in manifest order, so it is byte for byte the manifest a full verify writes.
 *
 * <p>The earlier manifest is read twice, in constant memory apart from the files that moved (their
 * lines are held until their place in the order comes). It is trusted for what it says of files
 * that did not change: that is the point. So that a manifest of another snapshot or dataset is not
 * taken for the earlier one, the size of some of the files it keeps is checked against the
 * snapshot being verified.
 */
final class IncrementalTree {
    /** Kept files whose size is checked against the snapshot, spread over the manifest. */
    static final int SIZE_CHECKS = 64;
    /**
     * A file modified in place with at least this many chunks before is read in part: only the
     * chunks zfs send -i's records touch. Smaller ones are read whole (the stream costs a second
     * read of the change; for a file of a few chunks that is no saving).
     */
    static final int PARTIAL_MIN_CHUNKS = 4;

    private final Path earlier;
    private final TreeChanges changes;
    private final TreeOpener.PerThread openers;
    private final Function<Set<Long>, Map<Long, ChangedChunks>> chunks;
    private final long chunkSize;
    private final Consumer<String> log;

    /** Files taken from the earlier manifest. */
    record Reused(long files, long bytes, long chunks) {
    }


    /** One earlier file under its later path, with its chunk lines. */
    private record Moved(long size, List<ManifestReader.Chunk> chunks) {
    }

    /** The earlier size and chunk hashes (in order from 0) of a file modified in place. */
    private record Modified(long size, List<String> hashes) {
    }

    /**
     * @param chunks    the changed chunks of the given objects (inode numbers) between the two
     *                  snapshots; may throw {@link SnapshotChanges.Unavailable}
     * @param chunkSize the run's chunk size, that of the earlier manifest too
     * @param log       notes for the run's log
     */
    IncrementalTree(Path earlier, TreeChanges changes, TreeOpener.PerThread openers,
                    Function<Set<Long>, Map<Long, ChangedChunks>> chunks, long chunkSize, Consumer<String> log) {
        this.earlier = earlier;
        this.changes = changes;
        this.openers = openers;
        this.chunks = chunks;
        this.chunkSize = chunkSize;
        this.log = log;
    }

    /**
     * Why the changes cannot be followed by name, or null when they can: a file to read again has
     * more than one link (zfs diff names one of them; the others changed too). Opens each file to read.
     */
    String unsupported() {
        if (changes.unsupported() != null) {
            return changes.unsupported();
        }
        for (String path : changes.changed()) {
            try (NativeFile file = openers.get().open(path)) {
                if (!file.openedStatus().isRegularFile()) {
                    throw new VerifyException("zfs diff listed %s as a changed file, but the snapshot has a %s there",
                            path, file.openedStatus().kind());
                }
                if (file.openedStatus().links() > 1) {
                    return path + " has " + file.openedStatus().links() + " links, and zfs diff names only one of them";
                }
            } catch (PosixException e) {
                throw new VerifyException(e, "zfs diff listed %s as a changed file, but it cannot be opened in the"
                        + " snapshot: %s", path, e.getMessage());
            }
        }
        return null;
    }

    /**
     * Writes the later manifest's files to {@code writer}, reading the changed ones with
     * {@code session} and passing their statistics to {@code hashed} in manifest order; returns
     * what it took over.
     */
    Reused run(HashingSession session, ManifestWriter writer, Consumer<FileStats> hashed) {
        Map<String, Moved> moved = new TreeMap<>();
        Map<String, Modified> modified = new TreeMap<>();
        long kept = collect(moved, modified);
        Map<String, PartialRead.Factory> partials = partials(modified);
        try (ManifestReader reader = ManifestReader.open(earlier, null)) {
            Merge merge = new Merge(reader, moved, writer, Math.max(1, kept / SIZE_CHECKS));
            Iterator<String> paths = changes.changed().iterator();
            long[] partialChunks = new long[2]; // read, of total
            new TreeHashing(session, openers, merge::upTo, partials::get)
                    .run(() -> paths.hasNext() ? paths.next() : null, writer, file -> {
                        if (partials.containsKey(file.path())) {
                            partialChunks[0] += file.chunks() - file.reusedChunks();
                            partialChunks[1] += file.chunks();
                        }
                        hashed.accept(file);
                    });
            merge.upTo(null);
            if (!partials.isEmpty()) {
                log.accept(String.format(java.util.Locale.ROOT, "%d file(s) modified in place read in part: %d of"
                        + " their %d chunks", partials.size(), partialChunks[0], partialChunks[1]));
            }
            return merge.reused();
        }
    }

    /**
     * The partial reads of the files modified in place, by later path: their objects' changed
     * chunks from one zfs send -i. Where that is unavailable, none (they are read whole).
     */
    private Map<String, PartialRead.Factory> partials(Map<String, Modified> modified) {
        if (modified.isEmpty()) {
            return Map.of();
        }
        Map<String, Long> objects = new TreeMap<>();
        for (String path : modified.keySet()) {
            try (NativeFile file = openers.get().open(path)) {
                objects.put(path, file.openedStatus().inode());
            } catch (PosixException e) {
                throw new VerifyException(e, "zfs diff listed %s as modified, but it cannot be opened in the snapshot:"
                        + " %s", path, e.getMessage());
            }
        }
        Map<Long, ChangedChunks> changed;
        try {
            changed = chunks.apply(new java.util.TreeSet<>(objects.values()));
        } catch (SnapshotChanges.Unavailable e) {
            log.accept("reading the " + modified.size() + " file(s) modified in place whole: " + e.getMessage());
            return Map.of();
        }
        Map<String, PartialRead.Factory> partials = new TreeMap<>();
        modified.forEach((path, file) -> {
            ChangedChunks chunksOf = changed.get(objects.get(path));
            if (chunksOf != null) {
                partials.put(path, (size, sink) -> PartialRead.file(path, file.size(), file.hashes(), chunksOf, size,
                        chunkSize, sink));
            }
        });
        return partials;
    }

    /**
     * First pass: the files that moved, with their lines, and the earlier lines of the larger files
     * modified in place; returns how many stay where they were.
     */
    private long collect(Map<String, Moved> moved, Map<String, Modified> modified) {
        long kept = 0;
        try (ManifestReader reader = ManifestReader.open(earlier, null)) {
            ManifestReader.FileEntry file;
            while ((file = reader.nextFile()) != null) {
                String later = changes.follow(file.path());
                if (later == null) {
                    String inPlace = changes.modifiedPath(file.path());
                    if (inPlace != null && file.size() > (PARTIAL_MIN_CHUNKS - 1) * chunkSize) {
                        List<String> hashes = new ArrayList<>();
                        ManifestReader.Chunk chunk;
                        while ((chunk = reader.nextChunk()) != null) {
                            if (chunk.index() != hashes.size()) {
                                throw inconsistent("the chunks of " + file.path() + " are not numbered from 0 in order");
                            }
                            hashes.add(chunk.hash());
                        }
                        modified.put(inPlace, new Modified(file.size(), hashes));
                    }
                    continue;
                }
                if (later.equals(file.path())) {
                    kept++;
                    continue;
                }
                List<ManifestReader.Chunk> chunks = new ArrayList<>();
                ManifestReader.Chunk chunk;
                while ((chunk = reader.nextChunk()) != null) {
                    chunks.add(chunk);
                }
                if (moved.put(later, new Moved(file.size(), chunks)) != null) {
                    throw inconsistent("two files of the earlier manifest move to " + later);
                }
            }
        }
        return kept;
    }

    private static VerifyException inconsistent(String what) {
        return new VerifyException("The earlier manifest and zfs diff disagree: %s. Is the manifest the one made from"
                + " the earlier snapshot? A full verify (without the earlier manifest) checks everything.", what);
    }

    /** Second pass: writes the earlier files that stay or moved, in order, up to each file read again. */
    private final class Merge {
        private final ManifestReader reader;
        private final TreeMap<String, Moved> moved;
        private final ManifestWriter writer;
        private final long checkEvery;
        private ManifestReader.FileEntry next;
        private boolean readerDone;
        private String last;
        private long keptSeen;
        private long files;
        private long bytes;
        private long chunks;

        Merge(ManifestReader reader, Map<String, Moved> moved, ManifestWriter writer, long checkEvery) {
            this.reader = reader;
            this.moved = new TreeMap<>(moved);
            this.writer = writer;
            this.checkEvery = checkEvery;
        }

        /** Writes every taken-over file that sorts before {@code bound} (all of them for null), then notes {@code bound}. */
        void upTo(String bound) {
            while (true) {
                ManifestReader.FileEntry stay = nextKept();
                String move = moved.isEmpty() ? null : moved.firstKey();
                String first = stay == null ? move : move == null ? stay.path()
                        : stay.path().compareTo(move) <= 0 ? stay.path() : move;
                if (first == null || (bound != null && first.compareTo(bound) >= 0)) {
                    break;
                }
                if (stay != null && first.equals(stay.path())) {
                    if (first.equals(move)) {
                        throw inconsistent(first + " both stays and is where another file moved");
                    }
                    writeKept(stay);
                } else {
                    writeMoved(move, moved.remove(move));
                }
            }
            if (bound != null) {
                order(bound);
            }
        }

        private ManifestReader.FileEntry nextKept() {
            while (next == null && !readerDone) {
                ManifestReader.FileEntry file = reader.nextFile();
                if (file == null) {
                    readerDone = true;
                } else if (file.path().equals(changes.follow(file.path()))) {
                    next = file;
                }
            }
            return next;
        }

        private void writeKept(ManifestReader.FileEntry file) {
            next = null;
            order(file.path());
            if (keptSeen++ % checkEvery == 0) {
                checkSize(file.path(), file.size());
            }
            writer.file(file.path(), file.size());
            ManifestReader.Chunk chunk;
            while ((chunk = reader.nextChunk()) != null) {
                writer.chunk(file.path(), chunk.index(), chunk.hash());
                chunks++;
            }
            files++;
            bytes += file.size();
        }

        private void writeMoved(String path, Moved file) {
            order(path);
            checkSize(path, file.size());
            writer.file(path, file.size());
            for (ManifestReader.Chunk chunk : file.chunks()) {
                writer.chunk(path, chunk.index(), chunk.hash());
            }
            chunks += file.chunks().size();
            files++;
            bytes += file.size();
        }

        private void order(String path) {
            if (last != null && path.compareTo(last) <= 0) {
                throw inconsistent(path + " would follow " + last + " in the manifest");
            }
            last = path;
        }

        private void checkSize(String path, long size) {
            try (NativeFile file = openers.get().open(path)) {
                long actual = file.openedStatus().size();
                if (actual != size) {
                    throw inconsistent(path + " has " + actual + " bytes in the snapshot, the earlier manifest says "
                            + size + " and zfs diff lists no change");
                }
            } catch (PosixException e) {
                throw inconsistent(path + " is in the earlier manifest, zfs diff lists no change, but the snapshot"
                        + " has no such file (" + e.getMessage() + ")");
            }
        }

        Reused reused() {
            return new Reused(files, bytes, chunks);
        }
    }
}
