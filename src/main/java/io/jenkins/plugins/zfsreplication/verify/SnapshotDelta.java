package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.posix.NativeDirectory;
import io.jenkins.plugins.zfsreplication.posix.NativeFile;
import io.jenkins.plugins.zfsreplication.posix.Posix;
import io.jenkins.plugins.zfsreplication.posix.PosixException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Which chunks of a later snapshot of a copy are the blocks of an earlier snapshot of the same
 * copy, and which must be read: what an incremental verify knows, told by chunk ordinal (a chunk
 * line's position in the source's manifest). The copy's own ZFS says what changed between the two
 * snapshots ({@code zfs diff} for a file system's files, the records of {@code zfs send -i} for a
 * volume's chunks and a large file modified in place); a chunk it lists no change in has the same
 * block pointers in both snapshots, so reading it in the earlier snapshot read it in the later one.
 * Such a chunk is taken only when both source manifests give it the same hash too; a chunk whose
 * source hash changed while the copy's ZFS says it did not is read, so that the difference shows.
 *
 * <p>Where the changes cannot be followed (no zfs diff, the file system not mounted, a changed
 * hard link, other chunking), every chunk is to be read and {@link Result#fullBecause} says why.
 */
public final class SnapshotDelta {
    private SnapshotDelta() {
    }

    /** Chunks {@code from} to {@code to} ({@code bytes} logical bytes): the earlier snapshot's from {@code earlierFrom}, or -1: to read. */
    public record Piece(long from, long to, long bytes, long earlierFrom) {
        public boolean inherited() {
            return earlierFrom >= 0;
        }
    }

    /**
     * The later snapshot's chunks in pieces (ascending, covering every chunk), the files the copy's
     * zfs diff names as created that the source's manifest lacks, and why everything is to be
     * read (null when the changes were followed).
     */
    public record Result(List<Piece> pieces, List<CopyFinding> extra, String fullBecause) {
        public Result {
            pieces = List.copyOf(pieces);
            extra = List.copyOf(extra);
        }

        public long toReadBytes() {
            return pieces.stream().filter(piece -> !piece.inherited()).mapToLong(Piece::bytes).sum();
        }
    }

    /** An earlier file: where its chunks start, its size and chunk hashes (in order from 0). */
    record Earlier(long first, long size, List<String> hashes) {
    }

    /**
     * @param earlierManifest the source's manifest of {@code earlier}
     * @param laterManifest   the source's manifest of {@code later}
     * @param earlier         the earlier snapshot of the copy (pool/dataset@name)
     * @param later           the later snapshot of the copy, of the same dataset
     * @param laterRoot       makes the later snapshot of the copy readable and says where (a file
     *                        system's: link counts and inode numbers are read there); asked only
     *                        once zfs diff has answered
     * @param changes         what the copy's zfs says changed
     */
    public static Result between(Path earlierManifest, Path laterManifest, String earlier, String later,
                                 java.util.function.Supplier<Path> laterRoot, SnapshotChanges changes,
                                 Consumer<String> log) {
        ManifestHeader before = header(earlierManifest);
        ManifestHeader after = header(laterManifest);
        String incompatible = incompatible(before, after);
        if (incompatible != null) {
            return full(laterManifest, incompatible);
        }
        try {
            if (after.layout() == ManifestHeader.Layout.FILE) {
                ChangedChunks changed = changes.chunks(earlier, later, Set.of(SnapshotChanges.VOLUME_DATA),
                        after.chunkSize()).get(SnapshotChanges.VOLUME_DATA);
                return volume(earlierManifest, laterManifest, changed, after.chunkSize());
            }
            return tree(earlierManifest, laterManifest, changes.between(earlier, later), laterRoot,
                    objects -> changes.chunks(earlier, later, objects, after.chunkSize()), after.chunkSize(), log);
        } catch (SnapshotChanges.Unavailable e) {
            return full(laterManifest, e.getMessage());
        }
    }

    private static ManifestHeader header(Path manifest) {
        try (ManifestReader reader = ManifestReader.open(manifest, null)) {
            return reader.header();
        }
    }

    private static String incompatible(ManifestHeader before, ManifestHeader after) {
        if (!before.sized() || !after.sized() || before.layout() != after.layout()) {
            return "the two source manifests are not of the same kind (a tree and a volume, or not written by this tool)";
        }
        if (before.hash() != after.hash() || before.chunkSize() != after.chunkSize()) {
            return String.format(java.util.Locale.ROOT, "the two source manifests have other hashes or chunks (%s of"
                    + " %d bytes, %s of %d bytes)", before.hash().id(), before.chunkSize(), after.hash().id(),
                    after.chunkSize());
        }
        return null;
    }

    /** Every chunk of the manifest to read, for the reason {@code why} (null: there was no earlier snapshot). */
    public static Result full(Path laterManifest, String why) {
        DeltaPieces pieces = new DeltaPieces();
        try (ManifestReader reader = ManifestReader.open(laterManifest, null)) {
            long chunkSize = reader.header().chunkSize();
            long ordinal = 0;
            ManifestReader.FileEntry file;
            while ((file = reader.nextFile()) != null) {
                long chunks = chunks(file.size(), chunkSize);
                pieces.read(ordinal, chunks, file.size());
                ordinal += chunks;
            }
        }
        return new Result(pieces.done(), List.of(), why);
    }

    private static Result volume(Path earlierManifest, Path laterManifest, ChangedChunks changed, long chunkSize) {
        DeltaPieces pieces = new DeltaPieces();
        try (ManifestReader before = ManifestReader.open(earlierManifest, null);
             ManifestReader after = ManifestReader.open(laterManifest, null)) {
            ManifestReader.FileEntry old = before.nextFile();
            ManifestReader.FileEntry now = after.nextFile();
            if (old == null || now == null) {
                return full(laterManifest, "a source manifest of the volume lists no volume");
            }
            ManifestReader.Chunk previous = before.nextChunk();
            ManifestReader.Chunk chunk;
            while ((chunk = after.nextChunk()) != null) {
                while (previous != null && previous.index() < chunk.index()) {
                    previous = before.nextChunk();
                }
                long length = Math.min(chunkSize, now.size() - chunk.index() * chunkSize);
                boolean same = previous != null && previous.index() == chunk.index()
                        && takeable(chunk.index(), changed, old.size(), now.size(), chunkSize)
                        && previous.hash().equalsIgnoreCase(chunk.hash());
                pieces.add(chunk.index(), length, same ? chunk.index() : -1);
            }
        }
        return new Result(pieces.done(), List.of(), null);
    }

    /** A chunk is the earlier one when the stream left it alone and it has the same bytes in both sizes. */
    private static boolean takeable(long index, ChangedChunks changed, long earlierSize, long size, long chunkSize) {
        long offset = index * chunkSize;
        long end = Math.min(offset + chunkSize, size);
        return !changed.changed(index) && end <= earlierSize && end == Math.min(offset + chunkSize, earlierSize);
    }

    private static Result tree(Path earlierManifest, Path laterManifest, TreeChanges changes,
                               java.util.function.Supplier<Path> laterRoot,
                               java.util.function.Function<Set<Long>, Map<Long, ChangedChunks>> chunksOf, long chunkSize,
                               Consumer<String> log) {
        if (changes.unsupported() != null) {
            return full(laterManifest, changes.unsupported());
        }
        Map<String, Earlier> moved = new TreeMap<>();
        Map<String, Earlier> modified = new TreeMap<>();
        collect(earlierManifest, changes, chunkSize, moved, modified);
        Map<String, ChangedChunks> partial;
        try (NativeDirectory root = Posix.get().openDirectory(laterRoot.get()); TreeOpener opener = new TreeOpener(root)) {
            String links = links(opener, changes.changed());
            if (links != null) {
                return full(laterManifest, links);
            }
            partial = partial(opener, modified.keySet(), chunksOf, log);
        } catch (PosixException e) {
            throw new VerifyException(e, "%s", e.getMessage());
        }
        return new TreeWalker(earlierManifest, laterManifest, changes, moved, modified, partial, chunkSize).run();
    }

    /** Why the changes cannot be followed by name: a changed file with several links (zfs diff names one), or null. */
    private static String links(TreeOpener opener, Set<String> changed) {
        for (String path : changed) {
            try (NativeFile file = opener.open(path)) {
                if (file.openedStatus().links() > 1) {
                    return path + " has " + file.openedStatus().links() + " links, and zfs diff names only one of them";
                }
            } catch (PosixException e) {
                // not a regular file in the later snapshot: the source's manifest says what it should be
            }
        }
        return null;
    }

    /** The changed chunks of the large files modified in place, by path; none where zfs send cannot say. */
    private static Map<String, ChangedChunks> partial(TreeOpener opener, Set<String> paths,
                                                      java.util.function.Function<Set<Long>, Map<Long, ChangedChunks>>
                                                              chunksOf, Consumer<String> log) {
        if (paths.isEmpty()) {
            return Map.of();
        }
        Map<String, Long> objects = new TreeMap<>();
        for (String path : paths) {
            try (NativeFile file = opener.open(path)) {
                objects.put(path, file.openedStatus().inode());
            } catch (PosixException e) {
                // read whole, where the source's manifest says it is
            }
        }
        Map<Long, ChangedChunks> changed;
        try {
            changed = chunksOf.apply(new TreeSet<>(objects.values()));
        } catch (SnapshotChanges.Unavailable e) {
            log.accept("the " + paths.size() + " file(s) modified in place are read whole: " + e.getMessage());
            return Map.of();
        }
        Map<String, ChangedChunks> byPath = new TreeMap<>();
        objects.forEach((path, object) -> {
            if (changed.get(object) != null) {
                byPath.put(path, changed.get(object));
            }
        });
        return byPath;
    }

    /**
     * The earlier manifest's files that moved (under their later path) and the large ones modified
     * in place, with their first ordinal and chunk hashes; the others stay where they are and are
     * read in step with the later manifest.
     */
    private static void collect(Path earlierManifest, TreeChanges changes, long chunkSize, Map<String, Earlier> moved,
                                Map<String, Earlier> modified) {
        try (ManifestReader reader = ManifestReader.open(earlierManifest, null)) {
            long ordinal = 0;
            ManifestReader.FileEntry file;
            while ((file = reader.nextFile()) != null) {
                long chunks = chunks(file.size(), chunkSize);
                String later = changes.follow(file.path());
                String inPlace = later == null ? changes.modifiedPath(file.path()) : null;
                boolean large = file.size() > (IncrementalTree.PARTIAL_MIN_CHUNKS - 1) * chunkSize;
                if (later != null && !later.equals(file.path())) {
                    moved.put(later, new Earlier(ordinal, file.size(), hashes(reader)));
                } else if (inPlace != null && large) {
                    modified.put(inPlace, new Earlier(ordinal, file.size(), hashes(reader)));
                }
                ordinal += chunks;
            }
        }
    }

    private static List<String> hashes(ManifestReader reader) {
        List<String> hashes = new ArrayList<>();
        ManifestReader.Chunk chunk;
        while ((chunk = reader.nextChunk()) != null) {
            hashes.add(chunk.hash());
        }
        return hashes;
    }

    static long chunks(long size, long chunkSize) {
        return (size + chunkSize - 1) / chunkSize;
    }

    /** The second pass: the later manifest, beside the earlier one's files that stayed where they were. */
    private static final class TreeWalker {
        private final Path earlierManifest;
        private final Path laterManifest;
        private final TreeChanges changes;
        private final Map<String, Earlier> moved;
        private final Map<String, Earlier> modified;
        private final Map<String, ChangedChunks> partial;
        private final long chunkSize;
        private final DeltaPieces pieces = new DeltaPieces();

        TreeWalker(Path earlierManifest, Path laterManifest, TreeChanges changes, Map<String, Earlier> moved,
                   Map<String, Earlier> modified, Map<String, ChangedChunks> partial, long chunkSize) {
            this.earlierManifest = earlierManifest;
            this.laterManifest = laterManifest;
            this.changes = changes;
            this.moved = moved;
            this.modified = modified;
            this.partial = partial;
            this.chunkSize = chunkSize;
        }

        Result run() {
            Set<String> created = new TreeSet<>(changes.changed());
            try (ManifestReader after = ManifestReader.open(laterManifest, null);
                 StayingFiles staying = new StayingFiles(earlierManifest, changes, chunkSize)) {
                long ordinal = 0;
                ManifestReader.FileEntry file;
                while ((file = after.nextFile()) != null) {
                    created.remove(file.path());
                    file(after, file, ordinal, staying);
                    ordinal += chunks(file.size(), chunkSize);
                }
            }
            List<CopyFinding> extra = new ArrayList<>();
            for (String path : created) {
                extra.add(new CopyFinding(CopyFinding.Kind.EXTRA, path, -1, 0, 0, "zfs diff lists it on the copy"));
            }
            return new Result(pieces.done(), extra, null);
        }

        private void file(ManifestReader after, ManifestReader.FileEntry file, long ordinal, StayingFiles staying) {
            Earlier earlier;
            ChangedChunks changed = null;
            if (changes.changed().contains(file.path())) {
                earlier = modified.get(file.path());
                changed = partial.get(file.path());
                if (earlier == null || changed == null) {
                    pieces.read(ordinal, chunks(file.size(), chunkSize), file.size());
                    return;
                }
            } else {
                earlier = moved.containsKey(file.path()) ? moved.get(file.path()) : staying.at(file.path());
            }
            if (earlier == null || (changed == null && earlier.size() != file.size())) {
                pieces.read(ordinal, chunks(file.size(), chunkSize), file.size());
                return;
            }
            ManifestReader.Chunk chunk;
            while ((chunk = after.nextChunk()) != null) {
                long index = chunk.index();
                long length = Math.min(chunkSize, file.size() - index * chunkSize);
                boolean same = index < earlier.hashes().size() && earlier.hashes().get((int) index).equalsIgnoreCase(
                        chunk.hash()) && (changed == null || takeable(index, changed, earlier.size(), file.size(),
                        chunkSize));
                pieces.add(ordinal + index, length, same ? earlier.first() + index : -1);
            }
        }
    }
}
