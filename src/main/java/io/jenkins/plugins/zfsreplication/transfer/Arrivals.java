package io.jenkins.plugins.zfsreplication.transfer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Feature;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * What each dataset of a run really has on the target afterwards: the newest source snapshot whose
 * GUID the target holds, the base of the next incremental. A step's outcome is not that: a receive
 * can land and the step still fail (the checks after it could not set a property, the connection
 * to the target dropped as the stream ended), and a cut {@code -I} stream leaves the snapshots
 * that arrived whole. Holds and bookmarks follow what is on the target, so no prune takes a
 * target's real base for an old snapshot.
 *
 * <p>Where this host cannot list the target (the tcp transport, whose receiving side is another
 * agent), or the listing fails, the newest step that completed stands in; the holds placed before
 * the send keep what may have arrived beyond it ({@link BaseHolds#holdInFlight}).
 */
public final class Arrivals {
    private final Map<DatasetName, SnapshotName> newest;
    private final Listing onSource;
    private final Listing onTarget;

    private Arrivals(Map<DatasetName, SnapshotName> newest) {
        this(newest, null, null);
    }

    private Arrivals(Map<DatasetName, SnapshotName> newest, Listing onSource, Listing onTarget) {
        this.newest = Map.copyOf(newest);
        this.onSource = onSource;
        this.onTarget = onTarget;
    }

    /**
     * The arrivals of a run of {@code plan} that reported {@code report}, read from both hosts' listings
     * where {@code target} is given (else from the report).
     */
    public static Arrivals find(ReplicationPlan plan, TransferReport report, Zfs source, Zfs target,
                                Consumer<String> log) {
        return find(plan, report, source, target, tops -> Optional.empty(), log);
    }

    /**
     * The same, reading the target's trees from {@code listed} where it has them (the listing the
     * run's checks made after its last receive: nothing changes a target's snapshots in between).
     */
    public static Arrivals find(ReplicationPlan plan, TransferReport report, Zfs source, Zfs target,
                                java.util.function.Function<List<DatasetName>, Optional<Listing>> listed,
                                Consumer<String> log) {
        Map<DatasetName, SnapshotName> reported = new HashMap<>();
        List<DatasetPlan> sent = new ArrayList<>();
        for (DatasetPlan dataset : plan.datasets()) {
            if (dataset.action() == DatasetAction.SEND) {
                sent.add(dataset);
                report.lastDelivered(dataset).ifPresent(step -> reported.put(dataset.source(), step.toSnapshot()));
            }
        }
        if (sent.isEmpty() || source == null || target == null) {
            return new Arrivals(reported);
        }
        Listing onSource;
        Listing onTarget;
        try {
            onSource = source.list(DatasetName.tops(sent.stream().map(DatasetPlan::source).toList()), true,
                    heldCounts(source));
            List<DatasetName> targets = DatasetName.tops(sent.stream().map(DatasetPlan::target).toList());
            Optional<Listing> made = listed.apply(targets);
            onTarget = made.isPresent() ? made.get() : target.list(targets, true, heldCounts(target));
        } catch (ZfsException e) {
            log.accept("could not list what arrived (" + e.getMessage() + "): holds and bookmarks follow the steps"
                    + " that completed, and nothing newer is released");
            return new Arrivals(reported);
        }
        Map<DatasetName, SnapshotName> found = new HashMap<>();
        for (DatasetPlan dataset : sent) {
            newestCommon(onSource, dataset.source(), onTarget, dataset.target()).ifPresent(snapshot -> {
                found.put(dataset.source(), snapshot);
                SnapshotName step = reported.get(dataset.source());
                if (!snapshot.equals(step) && landedAfter(onSource, dataset.source(), snapshot, step)) {
                    log.accept(String.format("%s is on the target%s: held and bookmarked as its base", snapshot,
                            step == null ? " although no step of it completed" : " beyond the last step that completed ("
                                    + step.snapshot() + ")"));
                }
            });
        }
        return new Arrivals(found, onSource, onTarget);
    }

    /** {@code userrefs} where {@code zfs} has holds: the holds that move next read their snapshots' holds here. */
    private static List<String> heldCounts(Zfs zfs) {
        return zfs.capabilities().has(Feature.HOLDS) ? List.of("userrefs") : List.of();
    }

    /**
     * One side's listing of the sent datasets' trees (recursive, with {@code userrefs} where that
     * host has holds), made once the run's last receive had ended; empty where none was made.
     */
    public Optional<Listing> listed(boolean target) {
        return Optional.ofNullable(target ? onTarget : onSource);
    }

    /** The newest snapshot of {@code source} whose GUID {@code target} holds. */
    private static Optional<SnapshotName> newestCommon(Listing onSource, DatasetName source, Listing onTarget,
                                                      DatasetName target) {
        Map<Long, String> byGuid = new HashMap<>();
        onSource.snapshotsOf(source.name()).forEach(s -> byGuid.put(s.guid(), s.shortName()));
        List<ZfsObject> there = onTarget.snapshotsOf(target.name());
        for (int i = there.size() - 1; i >= 0; i--) {
            String name = byGuid.get(there.get(i).guid());
            if (name != null) {
                return Optional.of(source.snapshot(name));
            }
        }
        return Optional.empty();
    }

    private static boolean landedAfter(Listing onSource, DatasetName source, SnapshotName found, SnapshotName step) {
        if (step == null) {
            return true;
        }
        long foundTxg = -1;
        long stepTxg = -1;
        for (ZfsObject s : onSource.snapshotsOf(source.name())) {
            if (s.shortName().equals(found.snapshot())) {
                foundTxg = s.createtxg();
            } else if (s.shortName().equals(step.snapshot())) {
                stepTxg = s.createtxg();
            }
        }
        return foundTxg > stepTxg;
    }

    /** The newest snapshot of {@code source} the target has (or, unconfirmed, the newest a step delivered). */
    public Optional<SnapshotName> newest(DatasetName source) {
        return Optional.ofNullable(newest.get(source));
    }
}
