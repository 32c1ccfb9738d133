package io.jenkins.plugins.zfsreplication.coverage;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One retained snapshot of the copy in the ledger: which source manifest it is checked against,
 * its chunks and bytes (as that manifest counts them), and its segments, which cover every chunk
 * ordinal from 0 in order.
 *
 * @param id        which snapshot of the copy it is
 * @param manifest  the source's manifest it is checked against, null while none is in the store
 * @param problem   why its bytes cannot count as matched whatever the reads find (the source made its
 *                  manifest of another snapshot GUID; the manifest changed since first used), else null
 * @param base      the GUID of the earlier snapshot its inherited segments are of, null when none are
 */
public record SnapshotCoverage(Identity id, Instant firstSeen, ManifestBinding manifest, String problem, long chunks,
                               long bytes, String base, List<Segment> segments) {
    /**
     * A snapshot of the copy: its dataset and name, its GUID (unsigned decimal: how the ledger
     * recognises it) and its createtxg.
     */
    public record Identity(String dataset, String snapshot, String guid, long createtxg) {
        public Identity {
            Objects.requireNonNull(dataset, "dataset");
            Objects.requireNonNull(snapshot, "snapshot");
            Objects.requireNonNull(guid, "guid");
        }
    }

    public SnapshotCoverage {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(firstSeen, "firstSeen");
        String dataset = id.dataset();
        String snapshot = id.snapshot();
        segments = List.copyOf(segments);
        long next = 0;
        long sum = 0;
        for (Segment segment : segments) {
            if (segment.from() != next) {
                throw new IllegalArgumentException("segments of " + dataset + "@" + snapshot + " do not follow each other"
                        + " at ordinal " + next);
            }
            if (segment.inherited() && base == null) {
                throw new IllegalArgumentException(dataset + "@" + snapshot + " inherits without a base");
            }
            next = segment.to();
            sum += segment.bytes();
        }
        if (next != chunks || sum != bytes) {
            throw new IllegalArgumentException("segments of " + dataset + "@" + snapshot + " cover " + next + " chunks, "
                    + sum + " bytes, not " + chunks + ", " + bytes);
        }
    }

    public String dataset() {
        return id.dataset();
    }

    public String snapshot() {
        return id.snapshot();
    }

    public String guid() {
        return id.guid();
    }

    public long createtxg() {
        return id.createtxg();
    }

    /** pool/dataset@snapshot. */
    public String name() {
        return dataset() + "@" + snapshot();
    }

    /** Whether its bytes can count as matched: a manifest to check against, and no problem with it. */
    public boolean valid() {
        return manifest != null && problem == null;
    }

    SnapshotCoverage withSegments(String newBase, List<Segment> newSegments) {
        return new SnapshotCoverage(id, firstSeen, manifest, problem, chunks, bytes, newBase, newSegments);
    }

    SnapshotCoverage withProblem(String newProblem) {
        return new SnapshotCoverage(id, firstSeen, manifest, newProblem, chunks, bytes, base, segments);
    }
}
