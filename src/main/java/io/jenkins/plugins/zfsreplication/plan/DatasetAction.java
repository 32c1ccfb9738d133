package io.jenkins.plugins.zfsreplication.plan;

/** What a plan does with one dataset. */
public enum DatasetAction {
    /** Steps follow that bring the target up to date. */
    SEND,
    /** The target has the newest snapshot to keep already. */
    UP_TO_DATE,
    /** Not selected (excluded by pattern or property) or nothing to send: the reason says which. */
    SKIPPED,
    /** The target changed after the common snapshot or holds snapshots the source lacks. */
    DIVERGED,
    /** The target exists but shares no snapshot with the source, or another reason not to touch it. */
    REFUSED
}
