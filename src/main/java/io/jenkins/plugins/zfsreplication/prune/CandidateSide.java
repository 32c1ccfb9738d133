package io.jenkins.plugins.zfsreplication.prune;

/**
 * What a prune candidate is and where it lives: the one place that knows which host a destroy of
 * it goes to and how its name is written. The report's {@code side} is its {@link #label()}.
 */
public enum CandidateSide {
    /** A snapshot on the source, judged by the source's rules. */
    SOURCE("source", true, '@'),
    /** A snapshot on the target, judged by the target's rules. */
    TARGET("target", false, '@'),
    /** A snapshot on the source planned to be sent, judged by the target's rules as if it had arrived: never destroyed, only not sent. */
    PLANNED("planned", false, '@'),
    /** A bookmark on the source, judged by the source's rules; its name is what follows '#'. */
    BOOKMARK("bookmark", true, '#');

    private final String label;
    private final boolean destroyedOnSource;
    private final char separator;

    CandidateSide(String label, boolean destroyedOnSource, char separator) {
        this.label = label;
        this.destroyedOnSource = destroyedOnSource;
        this.separator = separator;
    }

    /** How prune-report.json, the summary and the metrics name it. */
    public String label() {
        return label;
    }

    /** Whether a destroy of it goes to the source's host (else the target's). */
    public boolean destroyedOnSource() {
        return destroyedOnSource;
    }

    /** Whether it is a bookmark (destroyed as one, named with '#'). */
    public boolean isBookmark() {
        return this == BOOKMARK;
    }

    /** {@code dataset} and {@code name} joined as zfs writes such an object. */
    public String objectName(String dataset, String name) {
        return dataset + separator + name;
    }
}
