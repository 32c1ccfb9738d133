package io.jenkins.plugins.zfsreplication.verify;

/**
 * A port: what changed in a file system between an earlier and a later snapshot of it, for an
 * incremental verify. An implementation that cannot tell (no {@code zfs diff}, the file system not
 * mounted) throws {@link Unavailable}, and the verify reads everything instead.
 */
public interface SnapshotChanges {
    /** The changes from {@code earlier} to {@code later} (both pool/dataset@name, same dataset). */
    TreeChanges between(String earlier, String later);

    /** The changes cannot be listed here; the message says why, for the log. */
    final class Unavailable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Unavailable(String message) {
            super(message);
        }
    }
}
