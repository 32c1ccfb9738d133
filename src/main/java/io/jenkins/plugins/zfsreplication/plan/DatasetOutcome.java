package io.jenkins.plugins.zfsreplication.plan;

import java.util.Locale;

/**
 * How one dataset of the selection came out of a night: every dataset is one of these, so none
 * leaves the backup unseen. Only {@link #EXCLUDED} is a choice (the backup host's); anything else
 * not backed up tonight is {@link #ATTENTION} or {@link #FAILED}.
 */
public enum DatasetOutcome {
    /** Sent tonight: the copy has tonight's snapshot. */
    SENT("sent"),
    /** Nothing to send: the copy already has the newest snapshot. */
    CURRENT("already current"),
    /** Left out by the backup host's own choice. */
    EXCLUDED("excluded by the backup host's choice"),
    /**
     * Not backed up and nobody chose that: diverged, refused, a bad property value or name; or
     * backed up, but zfs refused a destroy of its prune (it holds more than its rules keep).
     */
    ATTENTION("needs attention"),
    /** Planned and sent, but a step failed (or did not run). */
    FAILED("failed");

    private final String description;

    DatasetOutcome(String description) {
        this.description = description;
    }

    /** What a person reads: "excluded by the backup host's choice". */
    public String description() {
        return description;
    }

    /** The name in JSON and in metric labels: "sent", "current", ... */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** What the plan alone says of a dataset: SEND counts as SENT until the run says otherwise. */
    public static DatasetOutcome planned(DatasetAction action) {
        return switch (action) {
            case SEND -> SENT;
            case UP_TO_DATE -> CURRENT;
            case EXCLUDED -> EXCLUDED;
            case SKIPPED, DIVERGED, REFUSED -> ATTENTION;
        };
    }

    /** True for an outcome that makes the night say "needs attention" (exit 3) or worse. */
    public boolean needsAPerson() {
        return switch (this) {
            case SENT, CURRENT, EXCLUDED -> false;
            case ATTENTION, FAILED -> true;
        };
    }
}
