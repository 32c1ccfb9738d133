package io.jenkins.plugins.zfsreplication.plan;

/** What a plan does with one dataset. */
public enum DatasetAction {
    /** Steps follow that bring the target up to date. */
    SEND,
    /** The target has the newest snapshot to keep already. */
    UP_TO_DATE,
    /** Left out by the backup host's choice (a pattern, the property where it is trusted): the reason says which. */
    EXCLUDED,
    /**
     * Not sent, and nobody chose that (a property value that is neither on nor off, no snapshot to
     * send): it needs attention, the reason says what to do.
     */
    SKIPPED,
    /** The target changed after the common snapshot or holds snapshots the source lacks. */
    DIVERGED,
    /** The target exists but shares no snapshot with the source, or another reason not to touch it. */
    REFUSED
}
