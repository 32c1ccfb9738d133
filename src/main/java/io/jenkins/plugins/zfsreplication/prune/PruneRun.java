package io.jenkins.plugins.zfsreplication.prune;

import java.util.List;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.HostTime;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;
import io.jenkins.plugins.zfsreplication.zfs.PropertyOrigins;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;

/**
 * One prune run against live hosts: lists source and target once each (the plan's datasets),
 * applies {@link PruneBeforeSend}, and destroys only when asked ({@code destroy}); otherwise it
 * is a dry run whose report lists exactly what would go.
 */
public record PruneRun(Zfs source, Zfs target, PruneOptions options, boolean destroy, Destroyer.ErrorPolicy policy) {
    static final List<String> PROPERTIES = List.of("userrefs", "origin");
    /** The source's listing also carries the per-dataset rules ({@link RetentionProperties}). */
    static final List<String> SOURCE_PROPERTIES = java.util.stream.Stream.concat(PROPERTIES.stream(),
            RetentionProperties.PROPERTIES.stream()).toList();

    public PruneBeforeSend.Result run(ReplicationPlan plan, Consumer<String> log) {
        return run(plan, list(plan, null, log), target, log);
    }

    /**
     * Prunes against a target listing taken on the target's own host ({@link #listTargetText}):
     * {@link #target()} is not used, and the target's DESTROY decisions are left for that host
     * ({@link Destroyer#execute} with only the target there).
     */
    public PruneBeforeSend.Result run(ReplicationPlan plan, ListingText targetListing, Consumer<String> log) {
        return run(plan, list(plan, targetListing, log), null, log);
    }

    private PruneBeforeSend.Result run(ReplicationPlan plan, Listings listings, Zfs destroyTarget, Consumer<String> log) {
        PruneBeforeSend.Result result = estimateRederived(plan, PruneBeforeSend.apply(plan, listings.source(),
                listings.target(), listings.witnessed(options), origins(plan, listings.source()),
                cloned(active(plan), destroyTarget != null, log)));
        PruneReport report = result.report();
        if (!report.when().clock().agesTrusted()) {
            log.accept("clock " + report.when().clock().text());
        }
        KnownBases bases = KnownBases.of(plan, listings.source(), listings.target());
        if (destroy) {
            DestroyGuard guard = DestroyGuard.of(options, bases);
            report = Destroyer.execute(report, source, destroyTarget,
                    destroyTarget == null ? guard.withTargetListing(listings.target()) : guard, policy, log);
        } else {
            int bookmarks = report.toDestroy(CandidateSide.BOOKMARK).size();
            log.accept(String.format("dry run: %d snapshot(s)%s would be destroyed; nothing was",
                    report.toDestroy(CandidateSide.SOURCE).size() + report.toDestroy(CandidateSide.TARGET).size(),
                    bookmarks == 0 ? "" : String.format(" and %d bookmark(s)", bookmarks)));
        }
        return new PruneBeforeSend.Result(result.plan(), report, bases);
    }

    /**
     * Pruning re-derives the steps of a dataset it drops snapshots from ({@code -i @a @c} where the
     * plan had {@code @a..@b..@c}): zfs never estimated those, so without asking it again the
     * bytes not sent would be unknown exactly when pruning saved some. Asked only when the plan
     * came with estimates (the source can give them), once per new step.
     */
    private PruneBeforeSend.Result estimateRederived(ReplicationPlan plan, PruneBeforeSend.Result result) {
        if (source == null || PruneBeforeSend.estimatedBytes(plan) < 0
                || PruneBeforeSend.estimatedBytes(result.plan()) >= 0) {
            return result;
        }
        List<DatasetPlan> datasets = result.plan().datasets().stream().map(dataset -> dataset.withSteps(dataset.steps()
                .stream().map(step -> step.estimatedBytes() >= 0 || step.kind() == SendKind.RESUME ? step
                        : step.withEstimatedBytes(step.fromBookmark() != null
                                ? source.estimateSendSizeFromBookmark(step.fromBookmark(), step.toSnapshot())
                                : source.estimateSendSize(step.fromSnapshot(), step.toSnapshot(),
                                        step.kind() == SendKind.INCREMENTAL_RANGE)))
                .toList(), "")).toList();
        ReplicationPlan estimated = result.plan().withDatasets(datasets);
        return new PruneBeforeSend.Result(estimated, result.report().withBytesNotSent(plan, estimated));
    }

    /**
     * What the transfer asks between steps (its {@code StepGate}): both hosts listed once, now,
     * and the target's rules applied again at each step's own moment, so that a snapshot that
     * aged out while earlier steps ran is not sent. Without target rules every step is wanted.
     *
     * @throws RetentionPropertyException when a dataset's {@code zfs-replication:keep-target} is not
     *         rules: found before any step runs
     */
    public RetentionCheck retentionCheck(ReplicationPlan plan, Consumer<String> log) {
        if (options.targetRules() == null) {
            return RetentionCheck.KEEP_ALL;
        }
        return retentionCheck(plan, list(plan, null, log));
    }

    /** The same check against a target listing taken on the target's own host. */
    public RetentionCheck retentionCheck(ReplicationPlan plan, ListingText targetListing, Consumer<String> log) {
        if (options.targetRules() == null) {
            return RetentionCheck.KEEP_ALL;
        }
        return retentionCheck(plan, list(plan, targetListing, log));
    }

    private RetentionCheck retentionCheck(ReplicationPlan plan, Listings listings) {
        // where the properties are set is asked whenever one is: a value received with a stream is never rules
        return PruneBeforeSend.retentionCheck(plan, listings.source(), listings.target(), listings.witnessed(options),
                origins(plan, listings.source()));
    }

    /**
     * Where the source's retention properties are set (or whether they were received), asked only
     * when some dataset has one: a run without them makes no further zfs call.
     */
    private PropertyOrigins origins(ReplicationPlan plan, Listing sourceListing) {
        if (!RetentionProperties.anySet(sourceListing)) {
            return PropertyOrigins.UNKNOWN;
        }
        return source.propertyOrigins(tops(active(plan).stream().map(DatasetPlan::source).toList()), true,
                RetentionProperties.PROPERTIES);
    }

    /**
     * @param givenTarget the target's listing, or null to list it here
     * @throws StalePlanException when the target cannot be read (its pool or parent is missing):
     *                            nothing is decided from an empty listing that is not a new target
     */
    private Listings list(ReplicationPlan plan, ListingText givenTarget, Consumer<String> log) {
        List<DatasetPlan> active = active(plan);
        ListingText targetText = givenTarget != null ? givenTarget : listTargetText(target, plan);
        if (targetText.unreadable().isPresent() && !active.isEmpty()) {
            throw new StalePlanException("The target is not readable: %s. Nothing was pruned or destroyed: fix the"
                    + " target (import its pool, check the target host) and plan again", targetText.unreadable().get());
        }
        Listing sourceListing = active.isEmpty() ? new Listing(source.host(), List.of())
                : source.list(tops(active.stream().map(DatasetPlan::source).toList()), true, SOURCE_PROPERTIES);
        Listing targetListing = targetText.parse();
        log.accept(String.format("listed %d objects on %s and %d on %s, one call each", sourceListing.size(),
                source.host(), targetListing.size(), targetListing.host()));
        // the other ends' clocks, asked as they are listed: witnesses of this host's clock (ClockWitness)
        List<HostTime> others = new java.util.ArrayList<>();
        source.remoteTime().ifPresent(others::add);
        (givenTarget != null ? givenTarget.hostTime() : target == null ? java.util.Optional.<HostTime>empty()
                : target.remoteTime()).ifPresent(others::add);
        return new Listings(sourceListing, targetListing, others);
    }

    /**
     * The snapshots with a clone anywhere on the pools pruned here, outside the listings too: a file
     * restored from a copy's snapshot (a clone beside the copy) keeps that snapshot, reported, and the
     * rest of the prune goes on. The target's pool is asked here only when its listing is made here.
     */
    private java.util.Set<String> cloned(List<DatasetPlan> active, boolean targetHere, Consumer<String> log) {
        if (active.isEmpty()) {
            return java.util.Set.of();
        }
        java.util.Set<String> cloned = new java.util.TreeSet<>();
        java.util.Map<String, List<String>> clones = new java.util.TreeMap<>(
                source.clonesOnPools(active.stream().map(d -> d.source().pool()).distinct().toList()));
        if (targetHere && target != null) {
            clones.putAll(target.clonesOnPools(active.stream().map(d -> d.target().pool()).distinct().toList()));
        }
        clones.forEach((origin, names) -> {
            cloned.add(origin);
            log.accept(String.format("%s has a clone (%s): kept, never destroyed while it has one", origin,
                    String.join(", ", names)));
        });
        return cloned;
    }

    private record Listings(Listing source, Listing target, List<HostTime> otherHosts) {
        PruneOptions witnessed(PruneOptions options) {
            return options.witnessedBy(options.witnesses().withOtherHosts(otherHosts));
        }
    }

    /**
     * What pruning needs of the target, in one zfs call on the target's host: the deepest dataset
     * above every target of the plan's active datasets, recursively; empty when there is none.
     */
    public static ListingText listTargetText(Zfs target, ReplicationPlan plan) {
        List<DatasetName> targets = active(plan).stream().map(DatasetPlan::target).toList();
        if (targets.isEmpty()) {
            return ListingText.empty(target.host(), PROPERTIES);
        }
        // the deepest dataset above the targets is listed; whether its absence means new or unreadable is
        // the plan's target root's to say (a new child below a target root that exists is new)
        DatasetName root = commonAncestor(targets);
        return target.listRootText(root, root.isSelfOrDescendantOf(plan.targetRoot()) ? plan.targetRoot() : root,
                PROPERTIES);
    }

    private static List<DatasetPlan> active(ReplicationPlan plan) {
        return PruneBeforeSend.active(plan);
    }

    /** The datasets of {@code datasets} that have no ancestor among them: listing these recursively covers all. */
    static List<DatasetName> tops(List<DatasetName> datasets) {
        return DatasetName.tops(datasets);
    }

    /** The deepest dataset every one of {@code datasets} lies under (or is); all in one pool. */
    static DatasetName commonAncestor(List<DatasetName> datasets) {
        return DatasetName.commonAncestor(datasets).orElseThrow(() -> new PruneException(
                "The plan's targets %s lie in different pools: prune them separately", datasets));
    }
}
