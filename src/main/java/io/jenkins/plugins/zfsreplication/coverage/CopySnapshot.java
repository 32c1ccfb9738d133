package io.jenkins.plugins.zfsreplication.coverage;

import java.util.Objects;

/** A snapshot of the copy as its host lists it: dataset, name, GUID (unsigned decimal), creation txg, and whether of a volume. */
public record CopySnapshot(String dataset, String snapshot, String guid, long createtxg, boolean volume) {
    public CopySnapshot {
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(guid, "guid");
    }

    /** How the ledger names it. */
    SnapshotCoverage.Identity identity() {
        return new SnapshotCoverage.Identity(dataset, snapshot, guid, createtxg);
    }

    /** pool/dataset@snapshot. */
    public String name() {
        return dataset + "@" + snapshot;
    }
}
