package io.jenkins.plugins.zfsreplication.coverage;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The coverage ledger: per retained snapshot of the copy, which chunks were last read and matched
 * when (directly, or through the earlier snapshot they share blocks with), the nights before, and
 * the restore drills. Each night's ledger names the one it was built on by SHA-256 ({@code previous}),
 * so the ledgers of a job's builds form a chain beside audit.json's; a ledger that could not be
 * built on one says why it started over ({@code startNote}).
 *
 * @param nights    N: every byte is to be matched within this many nights
 * @param startedAt when this chain of ledgers started (the first night, or the night it started over)
 */
public record Ledger(int nights, Instant startedAt, String startNote, Link previous, List<SnapshotCoverage> snapshots,
                     List<NightSummary> history, List<DrillEntry> drills) {
    /** Nights and drills remembered: enough for the arrival rate and a chart, bounded for years of nights. */
    static final int KEPT = 100;

    public Ledger {
        if (nights < 1 || nights > 3660) {
            throw new CoverageException("Nights %d out of range: every byte is read again within 1 to 3660 nights",
                    nights);
        }
        Objects.requireNonNull(startedAt, "startedAt");
        snapshots = List.copyOf(snapshots);
        history = last(history);
        drills = last(drills);
    }

    private static <T> List<T> last(List<T> list) {
        return List.copyOf(list.size() <= KEPT ? list : list.subList(list.size() - KEPT, list.size()));
    }

    /** The ledger a night builds on: its SHA-256 (of the file's bytes) and its night. */
    public record Link(String sha256, Instant at) {
    }

    /**
     * One night, as the ledger remembers it: the bytes it checked, its budget (0: none), the work of a
     * full round, the new data that arrived (the own bytes of the snapshots received since the
     * night before), the coverage after it and the seconds its reads took.
     */
    public record NightSummary(Instant at, long checkedBytes, long budgetBytes, long workBytes, long arrivalBytes,
                               After after, double seconds) {
        /** The coverage after the night: of the total bytes those matched, and since when the oldest had not. */
        public record After(long totalBytes, long matchedBytes, Instant oldest) {
        }
    }

    /** One restore drill: the snapshot restored and how it went. */
    public record DrillEntry(Instant at, String dataset, String snapshot, String guid, String result) {
    }

    /** A ledger with no snapshot yet, starting at {@code now} for the reason given. */
    public static Ledger start(int nights, Instant now, String note) {
        return new Ledger(nights, now, note, null, List.of(), List.of(), List.of());
    }

    Ledger with(List<SnapshotCoverage> newSnapshots) {
        return new Ledger(nights, startedAt, startNote, previous, newSnapshots, history, drills);
    }

    Ledger after(Link link, NightSummary night, DrillEntry drill, int newNights) {
        List<NightSummary> nightsSeen = new ArrayList<>(history);
        nightsSeen.add(night);
        List<DrillEntry> drillsDone = new ArrayList<>(drills);
        if (drill != null) {
            drillsDone.add(drill);
        }
        return new Ledger(newNights, startedAt, startNote, link, snapshots, nightsSeen, drillsDone);
    }
}
