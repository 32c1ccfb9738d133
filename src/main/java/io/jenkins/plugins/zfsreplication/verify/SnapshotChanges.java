package io.jenkins.plugins.zfsreplication.verify;

import java.util.Map;
import java.util.Set;

/**
 * A port: what changed in a dataset between an earlier and a later snapshot of it, for an
 * incremental verify: a file system's files by name, a volume's chunks by offset. An
 * implementation that cannot tell (no {@code zfs diff}, the file system not mounted, the earlier
 * snapshot destroyed) throws {@link Unavailable}, and the verify reads everything instead.
 */
public interface SnapshotChanges {
    /** The object that holds a volume's data ({@code ZVOL_OBJ}). */
    long VOLUME_DATA = 1;

    /** The changes from {@code earlier} to {@code later} (both pool/dataset@name, same dataset). */
    TreeChanges between(String earlier, String later);

    /**
     * The chunks of {@code chunkSize} bytes of each of {@code objects} ({@link #VOLUME_DATA} for a
     * volume, a file's inode number) written or freed from {@code earlier} to {@code later} (both
     * pool/dataset@name, same dataset).
     */
    Map<Long, ChangedChunks> chunks(String earlier, String later, Set<Long> objects, long chunkSize);

    /** The changes cannot be listed here; the message says why, for the log. */
    final class Unavailable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Unavailable(String message) {
            super(message);
        }
    }
}
