package io.jenkins.plugins.zfsreplication.plan;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;

/**
 * What one run sends: per source dataset the steps, or why there are none. Written as plan.json
 * (see {@link PlanJson} and docs/formats.md) and read back by the prune and send steps.
 *
 * <p>A plan is a file that anyone with write access to the workspace may have edited, and what
 * runs from it rolls back and receives with {@code -F}: constructing one checks that every
 * dataset's source lies under {@code sourceRoots} and its target under {@code targetRoot}, that no
 * two datasets share a source or a target, and that each step is one of its own dataset's (same
 * source and target, a rollback only on the first).
 *
 * @param createdAt   when the plan was made: the one field that differs between equal plans
 * @param sourceRoots the roots the plan was made for: every dataset's source is one or lies below one
 * @param targetRoot  where they land: every dataset's target is it or lies below it
 * @param refusedNames datasets under the source roots whose names this tool does not accept (skipped, with why)
 */
public record ReplicationPlan(Instant createdAt, String sourceHost, String targetHost, List<DatasetName> sourceRoots,
                              DatasetName targetRoot, List<DatasetPlan> datasets, List<RefusedName> refusedNames) {
    /** The version of plan.json this code writes and reads. */
    public static final int FORMAT = 2;

    public ReplicationPlan {
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(sourceHost, "sourceHost");
        Objects.requireNonNull(targetHost, "targetHost");
        Objects.requireNonNull(targetRoot, "targetRoot");
        sourceRoots = List.copyOf(sourceRoots);
        datasets = List.copyOf(datasets);
        refusedNames = List.copyOf(refusedNames);
        if (sourceRoots.isEmpty()) {
            throw new PlanException("The plan names no source root");
        }
        check(sourceRoots, targetRoot, datasets);
    }

    /**
     * A plan made outside the planner (one snapshot sent from the command line, tests): the roots
     * are the datasets' topmost sources and the deepest dataset above all their targets.
     */
    public ReplicationPlan(Instant createdAt, String sourceHost, String targetHost, List<DatasetPlan> datasets) {
        this(createdAt, sourceHost, targetHost, DatasetName.tops(datasets.stream().map(DatasetPlan::source).toList()),
                DatasetName.commonAncestor(datasets.stream().map(DatasetPlan::target).toList()).orElseThrow(
                        () -> new PlanException("The plan's targets have no common root (none, or in different pools): "
                                + "name its roots")), datasets, List.of());
    }

    /** A plan without refused names. */
    public ReplicationPlan(Instant createdAt, String sourceHost, String targetHost, List<DatasetName> sourceRoots,
                           DatasetName targetRoot, List<DatasetPlan> datasets) {
        this(createdAt, sourceHost, targetHost, sourceRoots, targetRoot, datasets, List.of());
    }

    /**
     * The same plan with other datasets (pruned, or with size estimates): every rewrite of a plan
     * comes through here, and none may change how a dataset is encrypted (an encrypted dataset whose
     * plan lost its {@code encryption} would be sent decrypted).
     */
    public ReplicationPlan withDatasets(List<DatasetPlan> other) {
        Map<DatasetName, DatasetPlan> before = new HashMap<>();
        datasets.forEach(dataset -> before.put(dataset.source(), dataset));
        for (DatasetPlan dataset : other) {
            DatasetPlan was = before.get(dataset.source());
            if (was != null && !Objects.equals(was.encryption(), dataset.encryption())) {
                throw new PlanException("A rewrite of the plan changes how %s is encrypted (%s, was %s): refused, an"
                        + " encrypted dataset stays raw", dataset.source(), describe(dataset.encryption()),
                        describe(was.encryption()));
            }
        }
        return new ReplicationPlan(createdAt, sourceHost, targetHost, sourceRoots, targetRoot, other, refusedNames);
    }

    private static String describe(Encryption encryption) {
        return encryption == null ? "not encrypted" : encryption.describe();
    }

    /** Every step of every dataset, datasets in plan order. */
    public List<SendStep> steps() {
        return datasets.stream().flatMap(dataset -> dataset.steps().stream()).toList();
    }

    private static void check(List<DatasetName> sourceRoots, DatasetName targetRoot, List<DatasetPlan> datasets) {
        Map<DatasetName, DatasetName> sources = new HashMap<>();
        Map<DatasetName, DatasetName> targets = new HashMap<>();
        for (DatasetPlan dataset : datasets) {
            if (sourceRoots.stream().noneMatch(dataset.source()::isSelfOrDescendantOf)) {
                throw new PlanException("The source %s lies under none of the plan's source roots %s", dataset.source(),
                        sourceRoots);
            }
            if (!dataset.target().isSelfOrDescendantOf(targetRoot)) {
                throw new PlanException("The target %s of %s lies outside the plan's target root %s", dataset.target(),
                        dataset.source(), targetRoot);
            }
            if (sources.put(dataset.source(), dataset.target()) != null) {
                throw new PlanException("The source %s is planned twice", dataset.source());
            }
            DatasetName other = targets.put(dataset.target(), dataset.source());
            if (other != null) {
                throw new PlanException("Both %s and %s are planned to land on %s", other, dataset.source(),
                        dataset.target());
            }
            for (int i = 0; i < dataset.steps().size(); i++) {
                SendStep step = dataset.steps().get(i);
                if (!step.source().equals(dataset.source()) || !step.target().equals(dataset.target())) {
                    throw new PlanException("Step %d of %s -> %s sends %s -> %s: a step sends its own dataset", i + 1,
                            dataset.source(), dataset.target(), step.source(), step.target());
                }
                if (step.rollback() && i > 0) {
                    throw new PlanException("Step %d of %s rolls the target back: only a dataset's first step may", i + 1,
                            dataset.source());
                }
            }
        }
    }
}
