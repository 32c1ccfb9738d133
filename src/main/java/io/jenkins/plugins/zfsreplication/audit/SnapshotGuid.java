package io.jenkins.plugins.zfsreplication.audit;

/** A snapshot an artifact names, with its GUID (unsigned decimal, a string as in every artifact). */
public record SnapshotGuid(String dataset, String snapshot, String guid) implements Comparable<SnapshotGuid> {
    public SnapshotGuid {
        if (dataset == null || dataset.isEmpty() || snapshot == null || snapshot.isEmpty()) {
            throw new AuditException("a snapshot needs a dataset and a name, not %s@%s", dataset, snapshot);
        }
        if (guid == null || !guid.matches("[0-9]{1,20}")) {
            throw new AuditException("the GUID of %s@%s is '%s', not an unsigned 64-bit number", dataset, snapshot, guid);
        }
    }

    @Override
    public int compareTo(SnapshotGuid other) {
        int c = dataset.compareTo(other.dataset);
        if (c == 0) {
            c = snapshot.compareTo(other.snapshot);
        }
        return c == 0 ? guid.compareTo(other.guid) : c;
    }
}
