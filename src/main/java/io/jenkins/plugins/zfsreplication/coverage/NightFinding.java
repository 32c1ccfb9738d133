package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.verify.CopyFinding;
import java.util.Locale;

/**
 * One thing a night found wrong with the copy, named: the dataset and snapshot (with its GUID),
 * and for a chunk the file and chunk ({@link CopyFinding}); or a snapshot that cannot be matched at
 * all: {@code guid} (the source made its manifest of another snapshot of that name) or
 * {@code manifest} (the manifest changed since it was first used).
 */
public record NightFinding(String dataset, String snapshot, String guid, String kind, Place place, String detail) {
    /** The file (its path in the snapshot), its chunk and that chunk's offset and length. */
    public record Place(String path, long chunk, long offset, long length) {
        /** A finding about the whole snapshot. */
        static final Place SNAPSHOT = new Place(null, -1, 0, 0);
    }

    public NightFinding {
        java.util.Objects.requireNonNull(place, "place");
    }

    static NightFinding of(CopySnapshot snapshot, CopyFinding finding) {
        return new NightFinding(snapshot.dataset(), snapshot.snapshot(), snapshot.guid(),
                finding.kind().name().toLowerCase(Locale.ROOT),
                new Place(finding.path(), finding.chunk(), finding.offset(), finding.length()), finding.detail());
    }

    static NightFinding ofSnapshot(SnapshotCoverage snapshot, String kind, String detail) {
        return new NightFinding(snapshot.dataset(), snapshot.snapshot(), snapshot.guid(), kind, Place.SNAPSHOT, detail);
    }

    /** Whether it means the copy holds other bytes than the source sent (else: bytes it cannot read). */
    public boolean mismatch() {
        return !"unreadable".equals(kind);
    }

    /** One line for people, e.g. {@code backup/home@zr-1: chunk 3 differs: docs/a at offset 196608, ...}. */
    public String describe() {
        String where = TerminalText.line(dataset + "@" + snapshot);
        if (place.path() == null) {
            return where + ": " + TerminalText.line(detail == null ? kind : detail);
        }
        CopyFinding.Kind copyKind = CopyFinding.Kind.valueOf(kind.toUpperCase(Locale.ROOT));
        return where + ": " + new CopyFinding(copyKind, place.path(), place.chunk(), place.offset(), place.length(),
                detail).describe();
    }
}
