package io.jenkins.plugins.zfsreplication.coverage;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How much of the copy is covered as of a night: per dataset, the logical bytes of its retained
 * snapshots (each snapshot counts its own bytes, shared or not), how many of them matched the
 * source within the last N nights, how many are known bad (a mismatch, a read error), and the
 * coverage age: since when the oldest byte has not been matched (never matched: since the ledger
 * first saw it). Inherited ranges count their bytes in proportion to their chunks (the ledger
 * holds exact bytes per segment, not per chunk); the age is exact.
 */
public record CoverageSummary(Instant now, int nights, List<DatasetCoverage> datasets) {
    public CoverageSummary {
        datasets = List.copyOf(datasets);
    }

    /**
     * One dataset of the copy.
     *
     * @param oldest     since when its oldest byte has not matched (null: it holds no snapshot)
     * @param badBytes   bytes whose last read found a mismatch or could not read them, or of a
     *                   snapshot that cannot count as matched (another GUID, no manifest)
     */
    public record DatasetCoverage(String dataset, int snapshots, long bytes, long matchedBytes, long badBytes,
                                  Instant oldest) {
        /** Matched bytes over all bytes, 1 for a dataset without bytes. */
        public double ratio() {
            return bytes == 0 ? 1.0 : (double) matchedBytes / bytes;
        }
    }

    /** The summary of {@code ledger} as of {@code now}. */
    public static CoverageSummary of(Ledger ledger, Instant now) {
        Horizon horizon = new Horizon(ledger.nights(), now);
        Resolver resolver = new Resolver(ledger.snapshots());
        Map<String, Totals> byDataset = new TreeMap<>();
        for (SnapshotCoverage snapshot : ledger.snapshots()) {
            byDataset.computeIfAbsent(snapshot.dataset(), name -> new Totals()).add(snapshot, resolver, horizon);
        }
        List<DatasetCoverage> datasets = new ArrayList<>();
        byDataset.forEach((dataset, totals) -> datasets.add(new DatasetCoverage(dataset, totals.snapshots, totals.bytes,
                totals.matched, totals.bad, totals.oldest)));
        return new CoverageSummary(now, ledger.nights(), datasets);
    }

    public long bytes() {
        return datasets.stream().mapToLong(DatasetCoverage::bytes).sum();
    }

    public long matchedBytes() {
        return datasets.stream().mapToLong(DatasetCoverage::matchedBytes).sum();
    }

    public long badBytes() {
        return datasets.stream().mapToLong(DatasetCoverage::badBytes).sum();
    }

    /** Matched bytes over all, 1 when there are none. */
    public double ratio() {
        long bytes = bytes();
        return bytes == 0 ? 1.0 : (double) matchedBytes() / bytes;
    }

    /** Since when the oldest byte of any dataset has not matched, or null when there is nothing. */
    public Instant oldest() {
        return datasets.stream().map(DatasetCoverage::oldest).filter(java.util.Objects::nonNull).min(Instant::compareTo)
                .orElse(null);
    }

    /** The coverage age: how long the oldest byte has gone unmatched (zero when there is nothing). */
    public Duration age() {
        Instant oldest = oldest();
        return oldest == null ? Duration.ZERO : Duration.between(oldest, now);
    }

    /** A dataset's sums while the snapshots are added. */
    private static final class Totals {
        int snapshots;
        long bytes;
        long matched;
        long bad;
        Instant oldest;

        void add(SnapshotCoverage snapshot, Resolver resolver, Horizon horizon) {
            snapshots++;
            bytes += snapshot.bytes();
            if (!snapshot.valid()) {
                bad += snapshot.bytes();
                older(snapshot.firstSeen());
                return;
            }
            for (Segment segment : snapshot.segments()) {
                long[] matchedChunks = new long[2]; // matched, bad
                resolver.resolve(snapshot, segment.from(), segment.to(), (chunks, reading, owner, ownerFrom) -> {
                    if (reading.state() == Reading.State.MATCHED && horizon.fresh(reading.matchedAt())) {
                        matchedChunks[0] += chunks;
                    } else if (reading.state() == Reading.State.MISMATCH || reading.state() == Reading.State.UNREADABLE) {
                        matchedChunks[1] += chunks;
                    }
                    older(reading.basis());
                });
                matched += share(segment, matchedChunks[0]);
                bad += share(segment, matchedChunks[1]);
            }
        }

        private static long share(Segment segment, long chunks) {
            return chunks == segment.chunks() ? segment.bytes()
                    : Math.round((double) segment.bytes() * chunks / segment.chunks());
        }

        private void older(Instant basis) {
            if (oldest == null || basis.isBefore(oldest)) {
                oldest = basis;
            }
        }
    }
}
