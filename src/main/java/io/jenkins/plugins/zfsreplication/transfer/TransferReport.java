package io.jenkins.plugins.zfsreplication.transfer;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What a run did: every step of the plan with its outcome, in plan order, and the throughput
 * samples. Written as transfer.json, throughput.csv and throughput.svg ({@link TransferArtifacts}).
 */
public record TransferReport(Instant startedAt, Instant finishedAt, String transport, int concurrency,
                             List<String> droppedOptions, List<StepResult> steps, List<ThroughputLog.Sample> samples) {
    public TransferReport {
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(finishedAt, "finishedAt");
        droppedOptions = List.copyOf(droppedOptions);
        steps = List.copyOf(steps);
        samples = List.copyOf(samples);
    }

    /** True when every step completed or was skipped by the gate. */
    public boolean succeeded() {
        return steps.stream().allMatch(step -> step.outcome() == StepOutcome.OK || step.outcome() == StepOutcome.SKIPPED);
    }

    public boolean cancelled() {
        return steps.stream().anyMatch(step -> step.outcome() == StepOutcome.CANCELLED);
    }

    public long totalBytes() {
        return steps.stream().mapToLong(s -> s.measured().bytes()).sum();
    }

    /**
     * The last step of {@code dataset} that completed: its snapshot is the newest the target
     * received in this run, the base of the next. Empty when none completed.
     */
    public java.util.Optional<io.jenkins.plugins.zfsreplication.plan.SendStep> lastDelivered(
            io.jenkins.plugins.zfsreplication.plan.DatasetPlan dataset) {
        io.jenkins.plugins.zfsreplication.plan.SendStep delivered = null;
        for (StepResult result : steps) {
            if (result.outcome() == StepOutcome.OK && result.step().source().equals(dataset.source())
                    && result.step().target().equals(dataset.target())) {
                delivered = result.step();
            }
        }
        return java.util.Optional.ofNullable(delivered);
    }

    /** The first failure's message, for a one-line summary; "" when none failed. */
    public String firstError() {
        return steps.stream().filter(step -> step.outcome() == StepOutcome.FAILED || step.outcome() == StepOutcome.CANCELLED)
                .map(step -> step.step().source() + "@" + step.step().to().name() + ": " + step.message())
                .findFirst().orElse("");
    }
}
