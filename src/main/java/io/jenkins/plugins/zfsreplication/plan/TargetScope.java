package io.jenkins.plugins.zfsreplication.plan;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.util.Objects;

/**
 * The datasets a step may change on its target: the target root the step was configured with, and
 * everything below it. A plan.json or a prune report made on another host (the source's agent) is
 * checked against it before anything runs on the target's host, so that a compromised or confused
 * source cannot make the target receive into, roll back or destroy a dataset elsewhere.
 */
public final class TargetScope {
    private final DatasetName root;
    private final String step;

    /** {@code step} names the step in the messages (e.g. {@code zfsSendRecv}). */
    public TargetScope(String step, DatasetName root) {
        this.step = Objects.requireNonNull(step, "step");
        this.root = Objects.requireNonNull(root, "root");
    }

    public DatasetName root() {
        return root;
    }

    /** Every dataset the plan receives into lies in this scope; else a PlanException naming the first that does not. */
    public ReplicationPlan check(ReplicationPlan plan, String source) {
        for (DatasetPlan dataset : plan.datasets()) {
            check(dataset.target(), source);
            for (SendStep sendStep : dataset.steps()) {
                check(sendStep.target(), source);
            }
        }
        return plan;
    }

    /** {@code dataset} lies in this scope; else a PlanException naming it and {@code source}. */
    public DatasetName check(DatasetName dataset, String source) {
        if (!dataset.isSelfOrDescendantOf(root)) {
            throw new PlanException("%s: %s names the target dataset %s, which is not %s or below it (the step's "
                    + "targetRoot); nothing was done on the target", step, source, dataset, root);
        }
        return dataset;
    }

    /** A dataset name as a report carries it: a name ZFS accepts, in this scope. */
    public DatasetName check(String dataset, String source) {
        return check(DatasetName.of(dataset), source);
    }
}
