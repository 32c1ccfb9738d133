package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import io.jenkins.plugins.zfsreplication.verify.CopyCheck;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What one night of coverage did and found, as coverage-night.json holds it: what it was asked and
 * the ledger it built on (or why it started over), the slice and what it read of which snapshot and
 * how that went, the snapshots that arrived and were destroyed since, every finding (the first
 * {@link io.jenkins.plugins.zfsreplication.verify.CopyCheck#LISTED} listed), the coverage after the
 * night, whether the guarantee holds, and the drill.
 */
public record NightReport(Basis basis, Slice slice, Changes changes, Findings found, CoverageSummary coverage,
                          Guarantee guarantee, DrillRecord drill, List<String> log) {
    public static final String FILE_NAME = "coverage-night.json";

    public NightReport {
        log = List.copyOf(log);
    }

    /**
     * What the night was asked, and the ledger it built on.
     *
     * @param startNote      why the night started over without the ledger before it, or null
     * @param previousSha256 the SHA-256 of the ledger it built on, or null
     */
    public record Basis(String host, String root, Instant now, int nights, long budgetBytes, Duration budgetTime,
                        String startNote, String previousSha256) {
    }

    /**
     * Tonight's slice and what was read of it.
     *
     * @param checkedBytes logical bytes of the chunks checked tonight (what the budget counts)
     * @param readBytes    bytes actually read (holes are not)
     * @param stopped      the time budget stopped the reads
     * @param cancelled    why the reads were cancelled (an interrupt: an aborted build), else null; the
     *                     snapshot being read then counts nothing, those read before it count
     */
    public record Slice(SlicePlan plan, long checkedBytes, long readBytes, double seconds, boolean stopped,
                        String cancelled, List<Read> reads) {
        public Slice {
            reads = List.copyOf(reads);
        }
    }

    /** The snapshots that arrived since the last night, and those destroyed since. */
    public record Changes(List<Added> added, List<String> pruned) {
        public Changes {
            added = List.copyOf(added);
            pruned = List.copyOf(pruned);
        }
    }

    /** The findings listed (the first {@code CopyCheck.LISTED}) and how many there were in all. */
    public record Findings(List<NightFinding> listed, long count) {
        public Findings {
            listed = List.copyOf(listed);
        }
    }

    /** What was read of one snapshot tonight, run by run. */
    public record Read(String dataset, String snapshot, String guid, List<CopyCheck.Run> runs, long checkedBytes,
                       long readBytes) {
        public Read {
            runs = List.copyOf(runs);
        }
    }

    /**
     * A snapshot that arrived since the last night: the earlier snapshot it shares blocks with
     * ({@code base}, null when none), the bytes it takes from it and those it owns (to read), and
     * why it owns them all when it could not follow the changes.
     */
    public record Added(String dataset, String snapshot, String guid, String base, long inheritedBytes, long toReadBytes,
                        String fullBecause) {
    }

    /**
     * Whether every byte is within N nights after tonight, and how long the budget can keep it so.
     *
     * @param keepableNights  the nights within which the budget re-reads everything at the current work
     *                        and arrival of new data (N when reading what keeps it, without a budget);
     *                        null when new data arrives faster than the budget reads
     * @param overdueBytes    own bytes last read more than N nights ago (or never) after tonight: the
     *                        guarantee does not hold for them
     * @param arrivalEstimate new bytes a night, from the nights before
     * @param note            one line when the guarantee does not hold or the budget cannot keep N, else null
     */
    public record Guarantee(Integer keepableNights, long overdueBytes, long arrivalEstimate, String note) {
        public boolean kept() {
            return overdueBytes == 0;
        }
    }

    /** The night's verdict, as coverage-night.json and the audit record name it. */
    public enum Verdict {
        /** A chunk of the copy differs from the source's manifest. */
        MISMATCH,
        /** Something could not be read or matched (no chunk differed). */
        UNREADABLE,
        /** Nothing was found, but some own bytes were last read more than N nights ago. */
        OVERDUE,
        /** Nothing was found and every byte was read within N nights. */
        MATCHED;

        /** The word in coverage-night.json and audit.json. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** The night's verdict: a mismatch before anything unreadable, before bytes overdue. */
    public Verdict verdict() {
        if (found.listed().stream().anyMatch(NightFinding::mismatch)) {
            return Verdict.MISMATCH;
        }
        if (found.count() > 0) {
            return Verdict.UNREADABLE;
        }
        return guarantee.kept() ? Verdict.MATCHED : Verdict.OVERDUE;
    }

    /** The one-line summary the command line prints and a build page shows. */
    public String summary() {
        return String.format(java.util.Locale.ROOT, "coverage %s: %.1f%% of %s matched within %d nights, the oldest"
                + " match %s old; read %s of a %s slice in %.1f s; %d finding(s)%s", basis.root(),
                100 * coverage.ratio(), io.jenkins.plugins.zfsreplication.units.Sizes.human(coverage.bytes()),
                basis.nights(), io.jenkins.plugins.zfsreplication.check.Ages.format(coverage.age().getSeconds()),
                io.jenkins.plugins.zfsreplication.units.Sizes.human(slice.checkedBytes()),
                io.jenkins.plugins.zfsreplication.units.Sizes.human(slice.plan().sliceBytes()), slice.seconds(), found.count(),
                guarantee.note() == null ? "" : "; " + guarantee.note())
                + (slice.cancelled() == null ? "" : "; cancelled: " + slice.cancelled());
    }
}
