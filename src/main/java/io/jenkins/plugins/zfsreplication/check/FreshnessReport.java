package io.jenkins.plugins.zfsreplication.check;

import java.time.Instant;
import java.util.List;

import io.jenkins.plugins.zfsreplication.plan.RefusedName;

/**
 * What one check found: per selected dataset its verdict, and the overall status, the worst of
 * them (UNKNOWN when nothing was selected: a check that looked at nothing must not say OK); with a
 * coverage ledger, also each copy's coverage age ({@code coverage}, empty without one); with a
 * night's record, what that night verified of each copy ({@code night}, {@link NightVerdict#NONE}
 * without one).
 *
 * @param thresholds the thresholds as given, for the reader
 * @param notJudged  datasets of the selection that could not be judged by name (a space, a target
 *                   name past ZFS's limit): each makes the check WARNING at best
 */
public record FreshnessReport(Instant now, String sourceHost, String targetHost, String thresholds,
                              List<DatasetFreshness> datasets, List<CoverageAge> coverage,
                              List<RefusedName> notJudged, NightVerdict night) {
    public FreshnessReport {
        datasets = List.copyOf(datasets);
        coverage = List.copyOf(coverage);
        notJudged = List.copyOf(notJudged);
        java.util.Objects.requireNonNull(night, "night");
    }

    /** A report without a night's record. */
    public FreshnessReport(Instant now, String sourceHost, String targetHost, String thresholds,
                           List<DatasetFreshness> datasets, List<CoverageAge> coverage,
                           List<RefusedName> notJudged) {
        this(now, sourceHost, targetHost, thresholds, datasets, coverage, notJudged, NightVerdict.NONE);
    }

    /** A report in which every dataset was judged. */
    public FreshnessReport(Instant now, String sourceHost, String targetHost, String thresholds,
                           List<DatasetFreshness> datasets, List<CoverageAge> coverage) {
        this(now, sourceHost, targetHost, thresholds, datasets, coverage, List.of());
    }

    /** A report without coverage. */
    public FreshnessReport(Instant now, String sourceHost, String targetHost, String thresholds,
                           List<DatasetFreshness> datasets) {
        this(now, sourceHost, targetHost, thresholds, datasets, List.of());
    }

    /** This report with the coverage ages of a ledger. */
    public FreshnessReport withCoverage(List<CoverageAge> ages) {
        return new FreshnessReport(now, sourceHost, targetHost, thresholds, datasets, ages, notJudged, night);
    }

    /** This report with what a night verified ({@link NightRecord#judge}). */
    public FreshnessReport withNight(NightVerdict verdict) {
        return new FreshnessReport(now, sourceHost, targetHost, thresholds, datasets, coverage, notJudged, verdict);
    }

    public CheckStatus status() {
        if (datasets.isEmpty() && notJudged.isEmpty()) {
            return CheckStatus.UNKNOWN;
        }
        CheckStatus worst = notJudged.isEmpty() ? CheckStatus.OK : CheckStatus.WARNING;
        for (DatasetFreshness dataset : datasets) {
            worst = CheckStatus.worse(worst, dataset.status());
        }
        for (CoverageAge age : coverage) {
            worst = CheckStatus.worse(worst, age.status());
        }
        for (VerifiedCopy copy : night.datasets()) {
            worst = CheckStatus.worse(worst, copy.status());
        }
        return worst;
    }

    public long count(CheckStatus status) {
        return datasets.stream().filter(d -> d.status() == status).count();
    }
}
