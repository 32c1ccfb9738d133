package io.jenkins.plugins.zfsreplication.restore;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One drill.
 *
 * @param snapshot  the backup's snapshot to restore
 * @param scratch   the dataset to receive it into; must not exist, its parent must
 * @param reference the source's manifest of that snapshot (its parameters are the verify's)
 * @param keyFile   for an encrypted backup: the key (or passphrase) file on this host, loaded into the
 *                  scratch copy; null: an encrypted snapshot is received raw but cannot be verified
 */
public record DrillRequest(SnapshotName snapshot, DatasetName scratch, Path reference, Path keyFile) {
    public DrillRequest {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(scratch, "scratch");
        Objects.requireNonNull(reference, "reference");
        if (scratch.isSelfOrDescendantOf(snapshot.dataset()) || snapshot.dataset().isSelfOrDescendantOf(scratch)) {
            throw new DrillException("The scratch dataset %s cannot be %s, nor inside it, nor contain it",
                    scratch, snapshot.dataset());
        }
        if (scratch.name().indexOf('/') < 0) {
            throw new DrillException("The scratch dataset %s is a pool: name a dataset inside one", scratch);
        }
    }
}
