package io.jenkins.plugins.zfsreplication.transfer;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;

/**
 * New targets below new targets: {@code zfs recv} of a full stream needs the target's parent, so a
 * dataset whose first step creates its target waits until the nearest ancestor the same plan
 * creates has received its first step. Datasets run parents first ({@link #order}), so with a
 * fixed pool of workers a waiting child never holds the worker its parent needs. Below a copy whose
 * first step goes back to its base (a rollback, which first moves the copy and its children aside
 * to keep its later snapshots: {@link DivergedCopy}) every dataset waits for that step too, whatever
 * its outcome: a receive must not run into a child while it is being moved.
 */
final class ParentsFirst {
    private final Map<DatasetName, CompletableFuture<Boolean>> created = new HashMap<>();
    private final Map<DatasetName, DatasetName> parentOf = new HashMap<>();
    private final java.util.Set<DatasetName> rollingBack = new java.util.HashSet<>();

    ParentsFirst(List<DatasetPlan> sending) {
        sending.stream().filter(ParentsFirst::createsTarget)
                .forEach(dataset -> created.put(dataset.target(), new CompletableFuture<>()));
        sending.stream().filter(ParentsFirst::rollsBack).forEach(dataset -> {
            created.put(dataset.target(), new CompletableFuture<>());
            rollingBack.add(dataset.target());
        });
        for (DatasetPlan dataset : sending) {
            DatasetName target = dataset.target();
            nearestCreatedAncestor(target).filter(parent -> created.containsKey(target) || rollingBack.contains(parent))
                    .ifPresent(parent -> parentOf.put(target, parent));
        }
    }

    /** Parents before children; otherwise the plan's order. */
    static List<DatasetPlan> order(List<DatasetPlan> sending) {
        return sending.stream().sorted(Comparator.comparingInt(d -> depth(d.target()))).toList();
    }

    /**
     * Waits for the parent target this dataset's full receive needs.
     *
     * @return empty when the dataset may start, else why it may not (the parent's first step failed)
     */
    Optional<String> awaitParent(DatasetPlan dataset) throws InterruptedException {
        DatasetName parent = parentOf.get(dataset.target());
        if (parent == null) {
            return Optional.empty();
        }
        try {
            boolean ended = created.get(parent).get();
            if (rollingBack.contains(parent)) {
                return Optional.empty(); // the child's own copy is as it was, whatever the parent's step did
            }
            return ended ? Optional.empty() : Optional.of(String.format(
                    "its parent target %s was not created (the parent's first step did not complete)", parent));
        } catch (ExecutionException e) {
            return Optional.of("its parent target " + parent + " was not created: " + e.getCause());
        }
    }

    /** Called once the dataset's first step ended (or will never run), whatever its outcome. */
    void firstStepEnded(DatasetPlan dataset, boolean succeeded) {
        CompletableFuture<Boolean> future = created.get(dataset.target());
        if (future != null) {
            future.complete(succeeded);
        }
    }

    private Optional<DatasetName> nearestCreatedAncestor(DatasetName target) {
        String name = target.name();
        for (int slash = name.lastIndexOf('/'); slash > 0; slash = name.lastIndexOf('/', slash - 1)) {
            DatasetName ancestor = DatasetName.of(name.substring(0, slash));
            if (created.containsKey(ancestor)) {
                return Optional.of(ancestor);
            }
        }
        return Optional.empty();
    }

    private static boolean createsTarget(DatasetPlan dataset) {
        return !dataset.steps().isEmpty() && dataset.steps().get(0).kind() == SendKind.FULL;
    }

    private static boolean rollsBack(DatasetPlan dataset) {
        return !dataset.steps().isEmpty() && dataset.steps().get(0).rollback()
                && dataset.steps().get(0).kind() != SendKind.FULL;
    }

    private static int depth(DatasetName name) {
        return (int) name.name().chars().filter(c -> c == '/').count();
    }
}
