package io.jenkins.plugins.zfsreplication.transfer;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import io.jenkins.plugins.zfsreplication.plan.SendStep;

/**
 * One step as it ran: the step (a RESUME where a resume token was used), the flags in use, the
 * stream as measured, and how it ended.
 *
 * @param message the error for FAILED/CANCELLED, the reason for SKIPPED/NOT_RUN, else ""
 * @param checks  what the checks before and after the step did to the target or found there
 *                (resume, {@code recv -A}, {@code rollback -r} with the snapshots it destroyed, a
 *                discarded partial receive): transfer.json keeps them, as the record of what was
 *                destroyed
 * @param retried the attempts before this one that failed for a transient reason, oldest first
 */
public record StepResult(SendStep step, StepOutcome outcome, List<String> options, Measured measured, String message,
                         List<String> checks, List<Attempt> retried) {
    public StepResult {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(outcome, "outcome");
        options = List.copyOf(options);
        Objects.requireNonNull(measured, "measured");
        message = message == null ? "" : message;
        checks = List.copyOf(checks);
        retried = List.copyOf(retried);
    }

    /**
     * The stream of one step as measured.
     *
     * @param startedAt when the step's pipeline started; null for a step that never started
     */
    public record Measured(Instant startedAt, double seconds, long bytes) {
    }

    /**
     * One attempt of a step that failed for a transient reason and was tried again.
     *
     * @param reason what made it transient ("ssh could not reach the host (exit 255)")
     * @param waited how long the engine waited before the next attempt
     */
    public record Attempt(Instant startedAt, double seconds, long bytes, String error, String reason,
                          java.time.Duration waited, List<String> checks) {
        public Attempt {
            checks = List.copyOf(checks);
        }
    }

    /** This result with the attempts before it. */
    StepResult withRetried(List<Attempt> attempts) {
        return new StepResult(step, outcome, options, measured, message, checks, attempts);
    }

    static StepResult notRun(SendStep step, StepOutcome outcome, String reason) {
        return new StepResult(step, outcome, List.of(), new Measured(null, 0, 0), reason, List.of(), List.of());
    }
}
