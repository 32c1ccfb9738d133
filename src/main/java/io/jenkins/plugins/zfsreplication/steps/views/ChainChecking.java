package io.jenkins.plugins.zfsreplication.steps.views;

import io.jenkins.plugins.zfsreplication.audit.ChainReport;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The job page's audit chain check ending at one build (kept with that build, never saved): one
 * computation at a time, its report shown again while the same builds are kept and it is fresh.
 * A check reads and hashes every artifact of many builds; requests that arrive while one runs wait
 * for its report instead of each reading everything again.
 */
public final class ChainChecking {
    private final ReentrantLock computing = new ReentrantLock();
    private volatile ChainReportCache last;

    /** A chain check: reads the builds and returns its report. */
    @FunctionalInterface
    public interface Check {
        ChainReport run() throws IOException;
    }

    /**
     * The report of {@code builds} (numbers, newest first) as of {@code now}: the last one while it
     * is for the same builds and younger than {@code freshFor}, else {@code check}'s, computed by one
     * caller at a time (the others wait and take it).
     */
    public ChainReport report(List<Long> builds, Instant now, Duration freshFor, Check check)
            throws IOException, InterruptedException {
        ChainReportCache seen = last;
        if (fresh(seen, builds, now, freshFor)) {
            return seen.report();
        }
        computing.lockInterruptibly();
        try {
            seen = last;
            if (fresh(seen, builds, now, freshFor)) {
                return seen.report(); // computed while this request waited
            }
            ChainReport report = check.run();
            last = new ChainReportCache(builds, now, report);
            return report;
        } finally {
            computing.unlock();
        }
    }

    /** How many requests wait for the computation that runs now. */
    int waiting() {
        return computing.getQueueLength();
    }

    /** The last report, or null. */
    public ChainReportCache last() {
        return last;
    }

    private static boolean fresh(ChainReportCache cache, List<Long> builds, Instant now, Duration freshFor) {
        return cache != null && cache.builds().equals(builds) && cache.checked().plus(freshFor).isAfter(now);
    }
}
