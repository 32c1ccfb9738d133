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
 */
public record StepResult(SendStep step, StepOutcome outcome, List<String> options, long bytes, double seconds,
                         Instant startedAt, String message, List<String> checks) {
    public StepResult {
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(outcome, "outcome");
        options = List.copyOf(options);
        message = message == null ? "" : message;
        checks = List.copyOf(checks);
    }

    public StepResult(SendStep step, StepOutcome outcome, List<String> options, long bytes, double seconds,
                      Instant startedAt, String message) {
        this(step, outcome, options, bytes, seconds, startedAt, message, List.of());
    }

    static StepResult notRun(SendStep step, StepOutcome outcome, String reason) {
        return new StepResult(step, outcome, List.of(), 0, 0, null, reason);
    }
}
