package io.jenkins.plugins.zfsreplication.transfer;

/** How one step of a run ended; transfer.json writes the lower-case name. */
public enum StepOutcome {
    /** Sent and received completely. */
    OK,
    /** A stage failed; the error says which and why. Later steps of the dataset did not run. */
    FAILED,
    /** The run was cancelled while this step ran: where it stopped. */
    CANCELLED,
    /** The gate said its snapshot is no longer wanted; nothing was sent. */
    SKIPPED,
    /** Not started: an earlier step of the dataset failed or the run was cancelled. */
    NOT_RUN
}
