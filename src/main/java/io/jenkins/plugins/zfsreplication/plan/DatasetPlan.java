package io.jenkins.plugins.zfsreplication.plan;

import java.util.List;
import java.util.Objects;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;

/**
 * The plan for one source dataset: its target, what happens, why, and the steps in the order they
 * must run.
 */
public record DatasetPlan(DatasetName source, DatasetName target, DatasetAction action, String reason,
                          List<SendStep> steps) {

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
