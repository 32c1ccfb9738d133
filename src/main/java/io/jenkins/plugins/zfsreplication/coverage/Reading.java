package io.jenkins.plugins.zfsreplication.coverage;

import java.time.Instant;
import java.util.Objects;

/**
 * What is known of chunks a snapshot owns (not inherited): when they were last read and how that
 * went, when they last matched the source's manifest, and since when they are on the copy.
 *
 * @param state     the last read's outcome, or {@link State#NEVER}
 * @param readAt    the night they were last read; null when never
 * @param matchedAt the last night they matched; null when never (a mismatch keeps the earlier match's night)
 * @param since     when the ledger first saw them: the age of what never matched counts from here
 * @param detail    the first finding of the last read when it did not match, else null
 */
public record Reading(State state, Instant readAt, Instant matchedAt, Instant since, String detail) {
    /** Kept short in the ledger: the night report lists the findings in full. */
    static final int MAX_DETAIL = 300;

    /** How the last read of the chunks went. */
    public enum State { NEVER, MATCHED, MISMATCH, UNREADABLE }

    public Reading {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(since, "since");
        if ((state == State.NEVER) != (readAt == null)) {
            throw new IllegalArgumentException("a reading is NEVER exactly when it has no read time: " + state + ", " + readAt);
        }
        if (state == State.MATCHED && !readAt.equals(matchedAt)) {
            throw new IllegalArgumentException("a matched reading matched when it was read");
        }
        if (detail != null && detail.length() > MAX_DETAIL) {
            detail = detail.substring(0, MAX_DETAIL) + "...";
        }
    }

    /** Chunks first seen at {@code since}, never read. */
    public static Reading never(Instant since) {
        return new Reading(State.NEVER, null, null, since, null);
    }

    /** This reading after a read at {@code at} that went as {@code outcome}. */
    Reading readAt(Instant at, State outcome, String what) {
        return new Reading(outcome, at, outcome == State.MATCHED ? at : matchedAt, since,
                outcome == State.MATCHED ? null : what);
    }

    /** Since when these chunks have not (or never) matched as of the last read: their coverage age counts from here. */
    Instant basis() {
        return matchedAt != null ? matchedAt : since;
    }
}
