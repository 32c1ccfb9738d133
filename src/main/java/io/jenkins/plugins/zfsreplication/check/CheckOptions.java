package io.jenkins.plugins.zfsreplication.check;

import java.util.Objects;

import io.jenkins.plugins.zfsreplication.plan.PlanOptions;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;

/**
 * What a check looks at and how it judges: the datasets a plan with the same selection and target
 * root would replicate, the naming whose timestamps count as a snapshot's time, and the thresholds.
 */
public record CheckOptions(Selection selection, DatasetName targetRoot, SnapshotNaming naming,
                           AgeThresholds thresholds) {
    public CheckOptions {
        Objects.requireNonNull(selection, "selection");
        Objects.requireNonNull(targetRoot, "targetRoot");
        Objects.requireNonNull(naming, "naming");
        Objects.requireNonNull(thresholds, "thresholds");
    }

    /** Where {@code source} lands on the target, as planning maps it. */
    DatasetName targetOf(DatasetName source) {
        return new PlanOptions(selection, targetRoot, naming, false, false).targetOf(source);
    }
}
