package io.jenkins.plugins.zfsreplication.check;

import java.util.List;

/**
 * The check's verdict on what a night verified: the night.json it read (null when it read none) and
 * each judged dataset the night accounted for.
 */
public record NightVerdict(String night, List<VerifiedCopy> datasets) {
    /** No night read: the check judges freshness (and coverage) only. */
    public static final NightVerdict NONE = new NightVerdict(null, List.of());

    public NightVerdict {
        datasets = List.copyOf(datasets);
    }
}
