package io.jenkins.plugins.zfsreplication.plan;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What one run sends: per source dataset the steps, or why there are none. Written as plan.json
 * (see {@link PlanJson} and docs/formats.md) and read back by the prune and send steps.
 *
 * @param createdAt when the plan was made: the one field that differs between equal plans
 */
public record ReplicationPlan(Instant createdAt, String sourceHost, String targetHost, List<DatasetPlan> datasets) {
    /** The version of plan.json this code writes and reads. */
    public static final int FORMAT = 1;

    public ReplicationPlan {
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(sourceHost, "sourceHost");
        Objects.requireNonNull(targetHost, "targetHost");
        datasets = List.copyOf(datasets);
    }

    /** Every step of every dataset, datasets in plan order. */
    public List<SendStep> steps() {
        return datasets.stream().flatMap(dataset -> dataset.steps().stream()).toList();
    }
}
