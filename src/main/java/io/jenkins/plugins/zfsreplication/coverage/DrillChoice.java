package io.jenkins.plugins.zfsreplication.coverage;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The seeded random choice of tonight's restore drill: a dataset, uniformly among those with a
 * snapshot that counts (a bound manifest, no problem), then one of its snapshots, uniformly, with
 * a generator seeded by the seed and the night's UTC date, so that the same seed on the same night
 * chooses the same snapshot again, and every snapshot is drilled now and then.
 */
final class DrillChoice {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private DrillChoice() {
    }

    /** The snapshot to drill tonight, or null when none can be. */
    static SnapshotCoverage choose(List<SnapshotCoverage> snapshots, long seed, Instant now) {
        TreeMap<String, List<SnapshotCoverage>> byDataset = new TreeMap<>();
        for (SnapshotCoverage snapshot : snapshots) {
            if (snapshot.valid() && snapshot.chunks() >= 0) {
                byDataset.computeIfAbsent(snapshot.dataset(), d -> new ArrayList<>()).add(snapshot);
            }
        }
        if (byDataset.isEmpty()) {
            return null;
        }
        long day = now.atZone(ZoneOffset.UTC).toLocalDate().toEpochDay();
        SplittableRandom random = new SplittableRandom(seed ^ (day * GOLDEN));
        List<String> datasets = new ArrayList<>(byDataset.keySet());
        List<SnapshotCoverage> candidates = byDataset.get(datasets.get(random.nextInt(datasets.size())));
        candidates.sort(java.util.Comparator.comparingLong(SnapshotCoverage::createtxg));
        return candidates.get(random.nextInt(candidates.size()));
    }
}
