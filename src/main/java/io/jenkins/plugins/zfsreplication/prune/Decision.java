package io.jenkins.plugins.zfsreplication.prune;

/** What retention does with one candidate snapshot. */
public enum Decision {
    /** Kept: a rule keeps it, or it is protected (base, held, cloned, still to be sent). */
    KEEP,
    /** Destroyed (or, in a dry run, would be). */
    DESTROY,
    /** On the source and planned for sending, but the target's rules would destroy it after the transfer: dropped from the plan. */
    NOT_SENT
}
