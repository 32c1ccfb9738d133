package io.jenkins.plugins.zfsreplication.zfs;

import java.util.Objects;

/** A validated snapshot name, {@code dataset@snapshot}. */
public record SnapshotName(DatasetName dataset, String snapshot) {

    public SnapshotName {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(snapshot, "snapshot");
        String full = dataset.name() + "@" + snapshot;
        ZfsNames.checkLength(full);
        ZfsNames.checkComponent(full, snapshot, dataset.name().length() + 1, "snapshot name");
    }

    /** Parses {@code pool/fs@snap}; anything else is an {@link InvalidNameException}. */
    public static SnapshotName parse(String full) {
        int at = full.indexOf('@');
        if (at < 0) {
            throw new InvalidNameException(full, "a snapshot name needs '@' between dataset and snapshot");
        }
        if (full.indexOf('@', at + 1) >= 0) {
            throw new InvalidNameException(full, "more than one '@'");
        }
        return new SnapshotName(new DatasetName(full.substring(0, at)), full.substring(at + 1));
    }

    @Override
    public String toString() {
        return dataset.name() + "@" + snapshot;
    }
}
