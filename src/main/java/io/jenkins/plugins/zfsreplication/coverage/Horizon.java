package io.jenkins.plugins.zfsreplication.coverage;

import java.time.Duration;
import java.time.Instant;

/**
 * "Within the last N nights", as of a night's time {@code now}: a chunk matched at a time after
 * {@link #cutoff()} is fresh, one read at or before it is due tonight. The cutoff is N days back
 * plus half a day, so that a night's run starting a few hours later or earlier than the night
 * before (a busy agent, a long prune) neither makes a chunk due a night early nor lets it pass
 * one night late: a chunk read at night t is fresh on nights t+1 to t+N-1 and due on night t+N.
 */
public record Horizon(int nights, Instant now) {
    /** Half a night of slack between the runs of consecutive nights. */
    static final Duration TOLERANCE = Duration.ofHours(12);
    static final Duration NIGHT = Duration.ofDays(1);

    public Instant cutoff() {
        return now.minus(NIGHT.multipliedBy(nights)).plus(TOLERANCE);
    }

    /** Whether chunks matched at {@code matchedAt} count as matched within the last N nights. */
    public boolean fresh(Instant matchedAt) {
        return matchedAt != null && matchedAt.isAfter(cutoff());
    }

    /** Whether chunks last read at {@code readAt} (null: never) must be read tonight to keep the guarantee. */
    public boolean due(Instant readAt) {
        return readAt == null || !readAt.isAfter(cutoff());
    }
}
