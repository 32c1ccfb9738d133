package io.jenkins.plugins.zfsreplication.prune;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsCommandException;

/**
 * One prune run against live hosts: lists source and target once each (the plan's datasets),
 * applies {@link PruneBeforeSend}, and destroys only when asked ({@code destroy}); otherwise it
 * is a dry run whose report lists exactly what would go.
 */
public record PruneRun(Zfs source, Zfs target, PruneOptions options, boolean destroy, Destroyer.ErrorPolicy policy) {
    static final List<String> PROPERTIES = List.of("userrefs", "origin");

    public PruneBeforeSend.Result run(ReplicationPlan plan, Consumer<String> log) {
        List<DatasetPlan> active = plan.datasets().stream()
                .filter(d -> d.action() == DatasetAction.SEND || d.action() == DatasetAction.UP_TO_DATE).toList();
        Listing sourceListing = active.isEmpty() ? new Listing(source.host(), List.of())
                : source.list(tops(active.stream().map(DatasetPlan::source).toList()), true, PROPERTIES);
        Listing targetListing = listTarget(active.stream().map(DatasetPlan::target).toList());
        log.accept(String.format("listed %d objects on %s and %d on %s, one call each", sourceListing.size(),
                source.host(), targetListing.size(), target.host()));
        PruneBeforeSend.Result result = PruneBeforeSend.apply(plan, sourceListing, targetListing, options);
        PruneReport report = result.report();
        if (destroy) {
            report = Destroyer.execute(report, source, target, policy, log);
        } else {
            log.accept(String.format("dry run: %d snapshot(s) would be destroyed; nothing was",
                    report.toDestroy("source").size() + report.toDestroy("target").size()));
        }
        return new PruneBeforeSend.Result(result.plan(), report);
    }

    private Listing listTarget(List<DatasetName> targets) {
        if (targets.isEmpty()) {
            return new Listing(target.host(), List.of());
        }
        try {
            return target.list(List.of(commonAncestor(targets)), true, PROPERTIES);
        } catch (ZfsCommandException e) {
            if (e.getZfsMessage().contains("dataset does not exist")) {
                return new Listing(target.host(), List.of());
            }
            throw e;
        }
    }

    /** The datasets of {@code datasets} that have no ancestor among them: listing these recursively covers all. */
    static List<DatasetName> tops(List<DatasetName> datasets) {
        Set<String> names = new HashSet<>();
        datasets.forEach(d -> names.add(d.name()));
        List<DatasetName> tops = new ArrayList<>();
        for (DatasetName dataset : datasets) {
            String name = dataset.name();
            boolean covered = false;
            for (int slash = name.lastIndexOf('/'); slash > 0 && !covered; slash = name.lastIndexOf('/', slash - 1)) {
                covered = names.contains(name.substring(0, slash));
            }
            if (!covered) {
                tops.add(dataset);
            }
        }
        return tops;
    }

    /** The deepest dataset every one of {@code datasets} lies under (or is); all in one pool. */
    static DatasetName commonAncestor(List<DatasetName> datasets) {
        String common = datasets.get(0).name();
        for (DatasetName dataset : datasets) {
            while (!dataset.isSelfOrDescendantOf(DatasetName.of(common))) {
                int slash = common.lastIndexOf('/');
                if (slash < 0) {
                    throw new PruneException("The plan's targets %s and %s lie in different pools: prune them separately",
                            datasets.get(0), dataset);
                }
                common = common.substring(0, slash);
            }
        }
        return DatasetName.of(common);
    }
}
