package io.jenkins.plugins.zfsreplication.prune;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.BookmarkBase;
import io.jenkins.plugins.zfsreplication.plan.CommonBase;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.GuidIndex;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;

/**
 * The snapshots a plan's incremental steps start from, by GUID, and the check that the target
 * still has them. The plan names its bases; the target's listing only confirms them. An empty or
 * missing listing must never turn a base into a snapshot that nothing needs.
 */
final class PlanBases {
    private PlanBases() {
    }

    /**
     * The GUIDs of the snapshots one dataset's steps send from that the plan does not send itself:
     * those the target had when it was planned (empty for full sends). A base that an earlier step
     * creates is a planned snapshot, which prune-before-send may still drop from the plan.
     */
    static Set<Long> of(DatasetPlan dataset) {
        Set<Long> guids = new HashSet<>();
        for (SendStep step : dataset.steps()) {
            if (step.from() != null) {
                guids.add(step.from().guid());
            }
        }
        dataset.steps().forEach(step -> guids.remove(step.to().guid()));
        return guids;
    }

    /**
     * Fails with {@link StalePlanException} when a dataset the plan sends incrementally lacks its
     * first step's base on the target, or a dataset it found up to date has no snapshot in common
     * with the source any more; names the first such dataset and how many there are.
     */
    static void requireOnTarget(ReplicationPlan plan, Listing source, Listing target) {
        List<String> problems = new ArrayList<>();
        for (DatasetPlan dataset : plan.datasets()) {
            String problem = problem(dataset, source, target);
            if (problem != null) {
                problems.add(problem);
            }
        }
        if (problems.isEmpty()) {
            return;
        }
        throw new StalePlanException("The plan is stale: %s%s. Plan again; nothing was pruned or destroyed",
                problems.get(0), problems.size() == 1 ? "" : String.format(" (and %d more dataset(s))",
                        problems.size() - 1));
    }

    private static String problem(DatasetPlan dataset, Listing source, Listing target) {
        String name = dataset.target().name();
        SnapshotTable targetSnapshots = target.snapshotTable(name);
        String where = target.find(name).isPresent() ? "" : String.format(
                "; %s lists no such dataset (pool exported, disk gone, or another host?)", target.host());
        if (dataset.action() == DatasetAction.UP_TO_DATE) {
            GuidIndex sourceIndex = new GuidIndex(source.snapshotTable(dataset.source().name()));
            if (CommonBase.find(sourceIndex, targetSnapshots) == null
                    && BookmarkBase.find(source.bookmarksOf(dataset.source().name()), targetSnapshots, null) == null) {
                return String.format("the plan found %s up to date with %s, but the target now has no snapshot in "
                        + "common with it%s", name, dataset.source(), where);
            }
            return null;
        }
        if (dataset.action() != DatasetAction.SEND) {
            return null;
        }
        SendStep first = dataset.steps().get(0);
        if (first.from() == null) {
            return null;
        }
        for (int i = 0; i < targetSnapshots.size(); i++) {
            if (targetSnapshots.guid(i) == first.from().guid()) {
                return null;
            }
        }
        return String.format("target %s has no snapshot with GUID %s (%s), the base of its incremental send from %s%s",
                name, first.from().guidText(), first.from().name(), dataset.source(), where);
    }
}
