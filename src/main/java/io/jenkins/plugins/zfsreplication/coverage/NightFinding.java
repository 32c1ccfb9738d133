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
public record NightFinding(String dataset, String snapshot, String guid, String kind, String path, long chunk,
                           long offset, long length, String detail) {
    static NightFinding of(CopySnapshot snapshot, CopyFinding finding) {
        return new NightFinding(snapshot.dataset(), snapshot.snapshot(), snapshot.guid(),
                finding.kind().name().toLowerCase(Locale.ROOT), finding.path(), finding.chunk(), finding.offset(),
                finding.length(), finding.detail());
    }

    static NightFinding ofSnapshot(SnapshotCoverage snapshot, String kind, String detail) {
        return new NightFinding(snapshot.dataset(), snapshot.snapshot(), snapshot.guid(), kind, null, -1, 0, 0, detail);
    }

    /** Whether it means the copy holds other bytes than the source sent (else: bytes it cannot read). */
    public boolean mismatch() {
        return !"unreadable".equals(kind);
    }

    /** One line for people, e.g. {@code backup/home@zr-1: chunk 3 differs: docs/a at offset 196608, ...}. */
    public String describe() {
        String where = TerminalText.line(dataset + "@" + snapshot);
        if (path == null) {
            return where + ": " + TerminalText.line(detail == null ? kind : detail);
        }
        CopyFinding.Kind copyKind = CopyFinding.Kind.valueOf(kind.toUpperCase(Locale.ROOT));
        return where + ": " + new CopyFinding(copyKind, path, chunk, offset, length, detail).describe();
    }
}
