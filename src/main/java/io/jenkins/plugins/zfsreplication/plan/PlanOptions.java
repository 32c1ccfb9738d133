package io.jenkins.plugins.zfsreplication.plan;

import java.util.Objects;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;

/**
 * What a plan is made for.
 *
 * @param targetRoot    where the source roots land: a dataset at path {@code p} below its source
 *                      root lands at {@code targetRoot/p}; a root itself lands at {@code targetRoot}
 * @param allowRollback a diverged target may be rolled back to the common snapshot (its later
 *                      snapshots and changes are lost); the plan names it on the step
 * @param allSnapshots  send every snapshot, not only those of the naming (or user pattern)
 */
public record PlanOptions(Selection selection, DatasetName targetRoot, SnapshotNaming naming, boolean allowRollback,
                          boolean allSnapshots) {
    public PlanOptions {
        Objects.requireNonNull(selection, "selection");
        Objects.requireNonNull(targetRoot, "targetRoot");
        Objects.requireNonNull(naming, "naming");
    }

    /** Where {@code source} lands on the target. */
    public DatasetName targetOf(DatasetName source) {
        DatasetName root = selection.rootOf(source);
        if (root == null) {
            throw new PlanException("%s is not under any source root %s", source, selection.roots());
        }
        return targetRoot.resolve(source.relativeTo(root));
    }

    /** True when the plan sends this snapshot (before any retention rule has a say). */
    public boolean sends(String shortName) {
        return allSnapshots || naming.isCandidate(shortName);
    }
}
