package io.jenkins.plugins.zfsreplication.steps.views;

import io.jenkins.plugins.zfsreplication.audit.ChainReport;
import java.time.Instant;
import java.util.List;

/**
 * The job page's last audit chain check, kept with the newest build it checked (never saved): shown
 * again while the same builds are kept and it is fresh enough.
 *
 * @param builds  the numbers of the builds checked, newest first
 * @param checked when it was computed
 * @param report  what it found
 */
public record ChainReportCache(List<Long> builds, Instant checked, ChainReport report) {
    public ChainReportCache {
        builds = List.copyOf(builds);
    }
}
