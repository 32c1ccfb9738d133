package io.jenkins.plugins.zfsreplication.plan;

import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * The run's snapshot of every selected dataset, in one atomic {@code zfs snapshot} where the
 * selection allows ({@link SnapshotTaker}), between its {@link SnapshotHooks hooks}: what
 * {@code plan --snapshot-now} takes, and what the {@code snapshot} command takes on a host without
 * a target.
 */
public record SnapshotRun(Zfs zfs, Selection selection, SnapshotNaming naming, SnapshotHooks hooks) {

    public SnapshotRun(Zfs zfs, Selection selection, SnapshotNaming naming) {
        this(zfs, selection, naming, SnapshotHooks.NONE);
    }

    /**
     * What was taken.
     *
     * @param name     the short name (after '@'), the same on every dataset
     * @param datasets the datasets snapshotted, sorted by name
     * @param calls    the zfs snapshot calls made (each atomic), their snapshot arguments
     */
    public record Taken(String name, List<DatasetName> datasets, List<List<SnapshotName>> calls) {
        public Taken {
            datasets = List.copyOf(datasets);
            calls = List.copyOf(calls);
        }
    }

    /** Lists the selection's roots once and snapshots what is selected; refuses a selection of nothing. */
    public Taken run(Instant now, Consumer<String> log) {
        Taken taken = take(list(), now, log);
        if (taken.datasets().isEmpty()) {
            throw new PlanException("No dataset selected under %s: nothing to snapshot", selection.roots());
        }
        return taken;
    }

    /** Snapshots the datasets {@code listing} (of the selection's roots) shows as selected. */
    public Taken take(Listing listing, Instant now, Consumer<String> log) {
        List<DatasetName> selected = selected(listing);
        String name = naming.name(now);
        if (selected.isEmpty()) {
            return new Taken(name, selected, List.of());
        }
        hooks.before(zfs.runner(), selected, name, log);
        List<List<SnapshotName>> calls;
        try {
            calls = SnapshotTaker.take(zfs, listing, selection, selected, name);
        } catch (RuntimeException e) {
            try {
                hooks.after(zfs.runner(), selected, name, false, log);
            } catch (RuntimeException hookFailure) {
                log.accept(hookFailure.getMessage());
                e.addSuppressed(hookFailure);
            }
            throw e;
        }
        hooks.after(zfs.runner(), selected, name, true, log);
        log.accept(String.format("took @%s on %d dataset(s) in %d zfs snapshot call(s)", name, selected.size(),
                calls.size()));
        return new Taken(name, selected, calls);
    }

    /** The selection's roots, listed once with what selection needs. */
    public Listing list() {
        return zfs.list(selection.roots(), selection.recursive(), PlanRun.sourceProperties(zfs));
    }

    private List<DatasetName> selected(Listing listing) {
        return listing.datasets().stream().filter(d -> selection.exclusionReason(d) == null)
                .map(ZfsObject::name).map(DatasetName::of).toList();
    }
}
