package io.jenkins.plugins.zfsreplication.check;

import java.time.Instant;
import java.util.List;

/**
 * What one check found: per selected dataset its verdict, and the overall status, the worst of
 * them (UNKNOWN when nothing was selected: a check that looked at nothing must not say OK).
 *
 * @param thresholds the thresholds as given, for the reader
 */
public record FreshnessReport(Instant now, String sourceHost, String targetHost, String thresholds,
                              List<DatasetFreshness> datasets) {
    public FreshnessReport {
        datasets = List.copyOf(datasets);
    }

    public CheckStatus status() {
        if (datasets.isEmpty()) {
            return CheckStatus.UNKNOWN;
        }
        CheckStatus worst = CheckStatus.OK;
        for (DatasetFreshness dataset : datasets) {
            worst = CheckStatus.worse(worst, dataset.status());
        }
        return worst;
    }

    public long count(CheckStatus status) {
        return datasets.stream().filter(d -> d.status() == status).count();
    }
}
