package io.jenkins.plugins.zfsreplication.verify;

import java.nio.file.Path;

/**
 * A port: makes a snapshot's content readable as a directory (file system) or device (volume),
 * and undoes whatever that took on {@link #close()}, also after a failure.
 */
public interface SnapshotMounter extends AutoCloseable {
    /** Returns where the content of {@code snapshot} (pool/dataset@name) can be read. */
    Path mount(String snapshot);

    /** The snapshot's GUID (unsigned decimal), for the manifest's header; null where the mounter cannot say. */
    default String guid(String snapshot) {
        return null;
    }

    /** Removes anything {@link #mount} created (a temporary clone, a mount point). */
    @Override
    void close();
}
