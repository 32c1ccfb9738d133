package io.jenkins.plugins.zfsreplication.verify;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Compares two manifests in one pass over both (they are sorted by path, chunks ascending), in
 * constant memory. Unlike zfs-check, which reads only the chunks its manifest lists, both sides'
 * sizes and chunk lists are compared, so a file truncated to a multiple of the chunk size or grown
 * by a few bytes is caught.
 */
public final class ManifestComparison {
    private final ManifestReader left;
    private final ManifestReader right;
    private final Consumer<Difference> listener;
    private final Map<Difference.Kind, Long> counts = new EnumMap<>(Difference.Kind.class);
    private final List<Difference> listed = new ArrayList<>();
    private final long chunkSize;
    private long files;
    private long chunks;

    private ManifestComparison(ManifestReader left, ManifestReader right, Consumer<Difference> listener) {
        this.left = left;
        this.right = right;
        this.listener = listener;
        this.chunkSize = left.header().chunkSize();
    }

    /** Compares; every difference goes to {@code listener} as it is found. */
    public static CompareResult compare(ManifestReader left, ManifestReader right, Consumer<Difference> listener) {
        ManifestHeader l = left.header();
        ManifestHeader r = right.header();
        if (l.hash() != r.hash() || l.chunkSize() != r.chunkSize()) {
            throw new VerifyException("The manifests were made with different parameters (%s, %d-byte chunks vs %s,"
                    + " %d-byte chunks): make both with the same --hash, --block-size and --count",
                    l.hash().id(), l.chunkSize(), r.hash().id(), r.chunkSize());
        }
        if (l.layout() != r.layout()) {
            throw new VerifyException("One manifest is of a single file, the other of a directory tree: compare like with like");
        }
        return new ManifestComparison(left, right, listener).run();
    }

    private CompareResult run() {
        ManifestReader.FileEntry l = left.nextFile();
        ManifestReader.FileEntry r = right.nextFile();
        while (l != null || r != null) {
            int order = l == null ? 1 : r == null ? -1 : l.path().compareTo(r.path());
            if (order < 0) {
                onlyOneSide(l, Difference.Kind.MISSING, right.header().sized());
                l = left.nextFile();
            } else if (order > 0) {
                onlyOneSide(r, Difference.Kind.EXTRA, left.header().sized());
                r = right.nextFile();
            } else {
                compareFile(l, r);
                l = left.nextFile();
                r = right.nextFile();
            }
        }
        return new CompareResult(counts, listed, files, chunks);
    }

    /** zfs-check lists no line for an empty file, so an empty file is not missing from its output. */
    private void onlyOneSide(ManifestReader.FileEntry entry, Difference.Kind kind, boolean otherSized) {
        files++;
        if (entry.size() == 0 && !otherSized) {
            return;
        }
        report(Difference.file(kind, entry.path(), entry.size()));
    }

    private void compareFile(ManifestReader.FileEntry l, ManifestReader.FileEntry r) {
        files++;
        boolean sizeDiffers = l.size() >= 0 && r.size() >= 0 && l.size() != r.size();
        if (sizeDiffers) {
            report(new Difference(Difference.Kind.SIZE, l.path(), -1, 0, 0, 0,
                    Long.toString(l.size()), Long.toString(r.size())));
        }
        long size = l.size() >= 0 ? l.size() : r.size();
        Run run = new Run(l.path());
        ManifestReader.Chunk a = left.nextChunk();
        ManifestReader.Chunk b = right.nextChunk();
        while (a != null || b != null) {
            chunks++;
            if (b == null || (a != null && a.index() < b.index())) {
                run.add(Difference.Kind.ONLY_LEFT, a.index(), sizeDiffers);
                a = left.nextChunk();
            } else if (a == null || b.index() < a.index()) {
                run.add(Difference.Kind.ONLY_RIGHT, b.index(), sizeDiffers);
                b = right.nextChunk();
            } else {
                run.flush();
                if (!a.hash().equalsIgnoreCase(b.hash())) {
                    long offset = a.index() * chunkSize;
                    long length = size >= 0 ? Math.max(0, Math.min(chunkSize, size - offset)) : chunkSize;
                    report(new Difference(Difference.Kind.CHUNK, l.path(), a.index(), 1, offset, length, a.hash(), b.hash()));
                }
                a = left.nextChunk();
                b = right.nextChunk();
            }
        }
        run.flush();
    }

    private void report(Difference difference) {
        counts.merge(difference.kind(), 1L, Long::sum);
        if (listed.size() < CompareResult.LISTED) {
            listed.add(difference);
        }
        listener.accept(difference);
    }

    /** Collapses chunks present on one side only into one difference per run; a size difference already covers them. */
    private final class Run {
        private final String path;
        private Difference.Kind kind;
        private long first;
        private long count;

        Run(String path) {
            this.path = path;
        }

        void add(Difference.Kind newKind, long index, boolean coveredBySize) {
            if (coveredBySize) {
                return;
            }
            if (kind != newKind || index != first + count) {
                flush();
                kind = newKind;
                first = index;
            }
            count++;
        }

        void flush() {
            if (kind != null && count > 0) {
                report(new Difference(kind, path, first, count, first * chunkSize, count * chunkSize, null, null));
            }
            kind = null;
            count = 0;
        }
    }
}
