package io.jenkins.plugins.zfsreplication.verify;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files of an earlier manifest that keep their path in a later snapshot (zfs diff names no
 * change of them, nor of a directory above them), read in step with the later manifest: asked in
 * ascending path order, each is found by reading on, in constant memory apart from the one file's
 * hashes. Ordinals are counted over every file of the earlier manifest.
 */
final class StayingFiles implements AutoCloseable {
    private final ManifestReader reader;
    private final TreeChanges changes;
    private final long chunkSize;
    private long ordinal;
    private ManifestReader.FileEntry next;
    private long nextOrdinal;
    private boolean done;

    StayingFiles(Path earlierManifest, TreeChanges changes, long chunkSize) {
        this.reader = ManifestReader.open(earlierManifest, null);
        this.changes = changes;
        this.chunkSize = chunkSize;
    }

    /** The earlier file that stayed at {@code path} (asked in ascending order), or null. */
    SnapshotDelta.Earlier at(String path) {
        while (!done && (next == null || next.path().compareTo(path) < 0)) {
            advance();
        }
        if (next == null || !next.path().equals(path)) {
            return null;
        }
        List<String> hashes = new ArrayList<>();
        ManifestReader.Chunk chunk;
        while ((chunk = reader.nextChunk()) != null) {
            hashes.add(chunk.hash());
        }
        SnapshotDelta.Earlier found = new SnapshotDelta.Earlier(nextOrdinal, next.size(), hashes);
        next = null;
        return found;
    }

    /** Reads on to the next file that stayed where it was. */
    private void advance() {
        ManifestReader.FileEntry file;
        while ((file = reader.nextFile()) != null) {
            long first = ordinal;
            ordinal += SnapshotDelta.chunks(file.size(), chunkSize);
            if (file.path().equals(changes.follow(file.path()))) {
                next = file;
                nextOrdinal = first;
                return;
            }
        }
        next = null;
        done = true;
    }

    @Override
    public void close() {
        reader.close();
    }
}
