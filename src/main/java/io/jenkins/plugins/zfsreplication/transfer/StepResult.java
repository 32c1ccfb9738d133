package io.jenkins.plugins.zfsreplication.transfer;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import io.jenkins.plugins.zfsreplication.plan.SendStep;

/**
 * One step as it ran: the step (a RESUME where a resume token was used), the flags in use, the
 * stream's bytes, how long, and how it ended.
 *
 * @param message the error for FAILED/CANCELLED, the reason for SKIPPED/NOT_RUN, else ""
 * @param checks  what the checks before and after the step did to the target or found there
 *                (resume, {@code recv -A}, {@code rollback -r} with the snapshots it destroyed, a
 *                discarded partial receive): transfer.json keeps them, as the record of what was
 *                destroyed
 * @param retried the attempts before this one that failed for a transient reason, oldest first
 */
public record StepResult(SendStep step, StepOutcome outcome, List<String> options, long bytes, double seconds,
                         Instant startedAt, String message, List<String> checks, List<Attempt> retried) {
    public StepResult {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(outcome, "outcome");
        options = List.copyOf(options);
        message = message == null ? "" : message;
        checks = List.copyOf(checks);
        retried = List.copyOf(retried);
    }

    public StepResult(SendStep step, StepOutcome outcome, List<String> options, long bytes, double seconds,
                      Instant startedAt, String message, List<String> checks) {
        this(step, outcome, options, bytes, seconds, startedAt, message, checks, List.of());
    }

    public StepResult(SendStep step, StepOutcome outcome, List<String> options, long bytes, double seconds,
                      Instant startedAt, String message) {
        this(step, outcome, options, bytes, seconds, startedAt, message, List.of());
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
        return new StepResult(step, outcome, options, bytes, seconds, startedAt, message, checks, attempts);
    }

    static StepResult notRun(SendStep step, StepOutcome outcome, String reason) {
        return new StepResult(step, outcome, List.of(), 0, 0, null, reason);
    }
}
