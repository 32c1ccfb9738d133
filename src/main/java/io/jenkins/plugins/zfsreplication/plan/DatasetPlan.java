package io.jenkins.plugins.zfsreplication.plan;

import java.util.List;
import java.util.Objects;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;

/**
 * The plan for one source dataset: its target, what happens, why, and the steps in the order they
 * must run.
 *
 * @param encryption how the source dataset is encrypted; null when it is not (or its zfs has no encryption)
 */
public record DatasetPlan(DatasetName source, DatasetName target, DatasetAction action, String reason,
                          List<SendStep> steps, Encryption encryption) {

    /** An unencrypted dataset's plan. */
    public DatasetPlan(DatasetName source, DatasetName target, DatasetAction action, String reason,
                       List<SendStep> steps) {
        this(source, target, action, reason, steps, null);
    }

    /** The same plan with steps replaced and {@code note} added to the reason. */
    public DatasetPlan withSteps(List<SendStep> other, String note) {
        return new DatasetPlan(source, target, action, reason + note, other, encryption);
    }

    /** The same plan for a dataset encrypted so (null: not encrypted). */
    public DatasetPlan withEncryption(Encryption how) {
        return new DatasetPlan(source, target, action, reason, steps, how);
    }

    public DatasetPlan {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(action, "action");
        reason = reason == null ? "" : reason;
        steps = List.copyOf(steps);
        if ((action == DatasetAction.SEND) == steps.isEmpty()) {
            throw new PlanException("The plan for %s is %s with %d steps: SEND, and only SEND, has steps",
                    source, action, steps.size());
        }
    }
}
