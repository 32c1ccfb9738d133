package io.jenkins.plugins.zfsreplication.prune;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanRun;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.PropertyOrigins;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * Retention on a host that keeps its snapshots locally and replicates nowhere (sanoid's use):
 * the selected datasets listed once, the source's rules applied with the same engine and the same
 * protections as prune-before-send (the newest snapshot of each dataset, held and cloned
 * snapshots, anything not of the naming are never destroyed), and destroyed only when asked.
 */
public record LocalPrune(Zfs source, Selection selection, PruneOptions options, boolean destroy,
                         Destroyer.ErrorPolicy policy) {
    /** What the report names as the target's host: there is none. */
    public static final String NO_TARGET = "none";
    /** The planning listing's properties (the selection's included) and the per-dataset rules. */
    private static final List<String> PROPERTIES = java.util.stream.Stream.concat(PlanRun.SOURCE_PROPERTIES.stream(),
            RetentionProperties.PROPERTIES.stream()).toList();

    public LocalPrune {
        if (options.targetRules() != null) {
            throw new PruneException("Pruning without a plan judges only the source: target rules need a plan"
                    + " (--plan), which names the target");
        }
    }

    public PruneReport run(Consumer<String> log) {
        Listing listing = source.list(selection.roots(), selection.recursive(), PROPERTIES);
        log.accept(String.format("source %s: %d objects listed in one call", source.host(), listing.size()));
        List<DatasetPlan> datasets = new ArrayList<>();
        for (ZfsObject dataset : listing.datasets()) {
            if (selection.exclusionReason(dataset) == null) {
                DatasetName name = DatasetName.of(dataset.name());
                datasets.add(new DatasetPlan(name, name, DatasetAction.UP_TO_DATE, "local retention", List.of()));
            }
        }
        if (datasets.isEmpty()) {
            throw new PruneException("No dataset selected under %s: nothing to prune", selection.roots());
        }
        // made now, by this host's clock: a snapshot taken since (minus the tolerance) witnesses nothing
        ReplicationPlan plan = new ReplicationPlan(options.clock(), source.host(), NO_TARGET, datasets);
        PropertyOrigins origins = RetentionProperties.anySet(listing)
                ? source.propertyOrigins(selection.roots(), selection.recursive(), RetentionProperties.PROPERTIES)
                : PropertyOrigins.UNKNOWN;
        PruneReport report = PruneBeforeSend.local(plan, listing, new Listing(NO_TARGET, List.of()), options, origins,
                source.clonesOnPools(selection.roots().stream().map(DatasetName::pool).toList()).keySet())
                .report();
        if (report.retention().stream().allMatch(rule -> rule.rules() == null)) {
            throw new RetentionPropertyException(String.format("Pruning without a plan needs the source's rules:"
                    + " give --keep-source, or set %s on the datasets (none under %s has it)",
                    RetentionProperties.KEEP_SOURCE, selection.roots()));
        }
        if (!report.when().clock().agesTrusted()) {
            log.accept("clock " + report.when().clock().text());
        }
        if (destroy) {
            return Destroyer.execute(report, source, null, DestroyGuard.of(options, KnownBases.NONE), policy, log);
        }
        log.accept(String.format("dry run: %d snapshot(s) would be destroyed; nothing was",
                report.toDestroy(CandidateSide.SOURCE).size()));
        return report;
    }
}
