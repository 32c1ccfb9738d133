package io.jenkins.plugins.zfsreplication.audit;

import java.util.List;

/**
 * One archived artifact as the audit record uses it, read once: its hash, and what a record among
 * the artifacts says (the snapshots it names, its verdict).
 *
 * @param artifact  the path, size and SHA-256
 * @param snapshots the snapshots a plan, transfer, verify or drill record names; empty for other files
 * @param verdict   the record's verdict, or null
 */
public record ArtifactEvidence(ArtifactHash artifact, List<SnapshotGuid> snapshots, Verdict verdict) {
    public ArtifactEvidence {
        if (artifact == null) {
            throw new AuditException("an artifact's evidence needs its hash");
        }
        snapshots = List.copyOf(snapshots);
    }
}
