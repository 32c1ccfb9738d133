package io.jenkins.plugins.zfsreplication.prune;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.PropertyOrigins;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;

/**
 * Prune-before-send: applies the target's rules to the target's snapshots plus those the plan
 * would send, drops from the plan every snapshot the rules would destroy right after the
 * transfer (its bytes are never sent), re-derives the steps, and decides what to destroy on both
 * sides. Pure: no zfs call; {@link Destroyer} carries the decisions out.
 *
 * <p>Never destroyed or dropped: every snapshot a step of the plan sends from (matched by GUID,
 * whatever the target's listing says; a plan whose bases the target no longer has is refused as
 * stale before anything is decided), the newest common snapshot (the next incremental's base), the
 * newest snapshot after the transfer (the base after that), a snapshot being resumed, a
 * snapshot with holds ({@code userrefs} above 0) or clones (a listed dataset's {@code origin}),
 * snapshots still to be sent (on the source), anything not of the naming, and anything of a
 * dataset the plan does not SEND or find UP_TO_DATE (skipped, diverged and refused datasets are
 * left alone).
 */
public final class PruneBeforeSend {
    private PruneBeforeSend() {
    }

    /**
     * The pruned plan and the report of every decision (a dry run until {@link Destroyer} runs).
     *
     * @param bases the incremental bases found when deciding, for the guard where the target destroys
     */
    public record Result(ReplicationPlan plan, PruneReport report, KnownBases bases) {
        public Result(ReplicationPlan plan, PruneReport report) {
            this(plan, report, KnownBases.NONE);
        }
    }

    /** One dataset's pruned plan, its decisions (null when it was not judged) and how many snapshots it no longer sends. */
    private record Outcome(DatasetPlan plan, DecisionLog decisions, int notSent) {
    }

    /**
     * @throws StalePlanException when the target no longer has a base the plan sends from (or a
     *                            dataset the plan found up to date): nothing is decided then
     */
    public static Result apply(ReplicationPlan plan, Listing source, Listing target, PruneOptions options) {
        return apply(plan, source, target, options, PropertyOrigins.UNKNOWN);
    }

    /**
     * The same, with where the source's {@code zfs-replication:keep-*} properties are set (for the
     * report); the properties' values come from {@code source}'s listing either way.
     *
     * @throws RetentionPropertyException when such a property is not rules: nothing is decided then
     */
    public static Result apply(ReplicationPlan plan, Listing source, Listing target, PruneOptions options,
                               PropertyOrigins origins) {
        return apply(plan, source, target, options, origins, Set.of());
    }

    /**
     * The same, keeping also the snapshots in {@code cloned}: origins of clones anywhere on the
     * hosts' pools ({@code Zfs#clonesOnPools}), outside what the listings hold. zfs would refuse to
     * destroy them, and one refusal would fail the whole prune (and the night after it).
     */
    public static Result apply(ReplicationPlan plan, Listing source, Listing target, PruneOptions options,
                               PropertyOrigins origins, Set<String> cloned) {
        PlanBases.requireOnTarget(plan, source, target);
        return decide(plan, source, target, options, origins, true, cloned);
    }

    /**
     * Retention without a target or a plan made earlier ({@link LocalPrune}): {@code datasets} names
     * the source datasets (UP_TO_DATE, no steps), {@code target} is empty; nothing can be stale.
     */
    static Result local(ReplicationPlan datasets, Listing source, Listing target, PruneOptions options,
                        PropertyOrigins origins, Set<String> cloned) {
        return decide(datasets, source, target, options, origins, false, cloned);
    }

    private static Result decide(ReplicationPlan plan, Listing source, Listing target, PruneOptions options,
                                 PropertyOrigins propertyOrigins, boolean withTarget, Set<String> cloned) {
        // every dataset's rules parsed first: a bad property stops the run before any decision
        Map<DatasetName, RetentionProperties.DatasetRules> rules = RetentionProperties.resolve(active(plan), source,
                propertyOrigins, options, withTarget, options.takesKeepTargetFrom(End.ofPlanHost(plan.sourceHost())));
        Now now = now(plan, source, options);
        String basis = switch (options.now()) {
            case WALL_CLOCK -> "wall clock of the run";
            case FIXED -> "given";
            case NEWEST_SNAPSHOT -> "newest snapshot on the source" + now.ignored();
        };
        ClockWitness clock = ClockWitness.judge(now.instant(), options.clock(), options.witnesses().previousRun(),
                newestCreationBefore(plan, source, target), options.witnesses().otherHosts());
        Set<String> origins = origins(source, target);
        origins.addAll(cloned);
        // datasets are independent: judged in parallel, collected in plan order; only the outcome is kept (a
        // pruner's working arrays are as big as the dataset's listing)
        List<Outcome> outcomes = plan.datasets().parallelStream().map(dataset -> {
            if (dataset.action() != DatasetAction.SEND && dataset.action() != DatasetAction.UP_TO_DATE) {
                return new Outcome(dataset, null, 0);
            }
            DatasetPruner pruner = new DatasetPruner(dataset, source, target, options, rules.get(dataset.source()),
                    now.instant(), origins, clock);
            pruner.prune();
            return new Outcome(pruner.result(), pruner.decisions(), pruner.notSent());
        }).toList();
        List<DatasetPlan> datasets = new ArrayList<>();
        List<DecisionLog> logs = new ArrayList<>();
        int notSent = 0;
        for (Outcome outcome : outcomes) {
            datasets.add(outcome.plan());
            if (outcome.decisions() != null) {
                logs.add(outcome.decisions());
                notSent += outcome.notSent();
            }
        }
        ReplicationPlan prunedPlan = plan.withDatasets(datasets);
        PruneReport report = new PruneReport(new PruneReport.When(now.instant(), basis, clock), true,
                new PruneReport.Sides(source.host(), target.host(),
                        options.sourceRules() == null ? null : options.sourceRules().spec(),
                        options.targetRules() == null ? null : options.targetRules().spec()),
                DecisionLog.concat(logs), new PruneReport.NotSent(notSent, -1, ""), List.of(),
                active(plan).stream().flatMap(d -> rules.get(d.source()).shown().stream()).toList())
                .withBytesNotSent(plan, prunedPlan);
        return new Result(prunedPlan, report);
    }

    /**
     * The transfer's question between steps, answered for this plan: see {@link RetentionCheck}.
     * Re-evaluates the target's rules at the given moment against the target as it was listed
     * plus the plan's snapshots.
     */
    public static RetentionCheck retentionCheck(ReplicationPlan plan, Listing source, Listing target,
                                                PruneOptions options, PropertyOrigins propertyOrigins) {
        Map<DatasetName, RetentionProperties.DatasetRules> rules = RetentionProperties.resolve(active(plan), source,
                propertyOrigins, options, true, options.takesKeepTargetFrom(End.ofPlanHost(plan.sourceHost())));
        if (rules.values().stream().allMatch(r -> r.target() == null)) {
            return RetentionCheck.KEEP_ALL;
        }
        Set<String> origins = origins(source, target);
        Instant newestCreation = newestCreationBefore(plan, source, target);
        return (step, now) -> plan.datasets().stream()
                .filter(d -> d.target().equals(step.target()) && d.steps().contains(step)).findFirst()
                .map(d -> new DatasetPruner(d, source, target, options, rules.get(d.source()), now, origins,
                        ClockWitness.judge(now, options.clock(), options.witnesses().previousRun(), newestCreation,
                                options.witnesses().otherHosts())).stillWanted(step))
                .orElse(true);
    }

    /**
     * A witness for "now" ({@link ClockWitness}) besides the previous run: the newest {@code creation}
     * of a snapshot of the judged datasets, on either side, taken before the plan was made (its time
     * minus the tolerance): tonight's own snapshot was stamped by tonight's clock, the one being
     * judged. Null when there is none.
     */
    static Instant newestCreationBefore(ReplicationPlan plan, Listing source, Listing target) {
        long before = plan.createdAt().minus(TimeTrust.TOLERANCE).getEpochSecond();
        long newest = Long.MIN_VALUE;
        for (DatasetPlan dataset : active(plan)) {
            for (SnapshotTable snapshots : List.of(source.snapshotTable(dataset.source().name()),
                    target.snapshotTable(dataset.target().name()))) {
                // newest first: a creation after that of a snapshot taken later (by createtxg) was stamped by a
                // clock that ran ahead then and went back: it witnesses nothing (a later jump could land near it)
                long floor = Long.MAX_VALUE;
                for (int i = snapshots.size() - 1; i >= 0; i--) {
                    long creation = snapshots.creation(i);
                    if (creation < before && creation > newest && creation <= floor + TimeTrust.TOLERANCE.getSeconds()) {
                        newest = creation;
                    }
                    floor = Math.min(floor, creation);
                }
            }
        }
        return newest == Long.MIN_VALUE ? null : Instant.ofEpochSecond(newest);
    }

    /** "Now", and for the newest snapshot " (ignoring ...)" naming newer snapshots whose time is not trusted, or "". */
    private record Now(Instant instant, String ignored) {
    }

    /**
     * The moment ages count from. The newest snapshot is the newest whose time is trusted
     * ({@link TimeTrust}): one named in the future would make every real snapshot look old.
     */
    private static Now now(ReplicationPlan plan, Listing source, PruneOptions options) {
        if (options.now() != PruneOptions.NowMode.NEWEST_SNAPSHOT) {
            return new Now(options.wallClock(), "");
        }
        TimeTrust trust = new TimeTrust(options.naming(), options.clock());
        Instant newest = null;
        List<String> ignored = new ArrayList<>();
        for (DatasetPlan dataset : plan.datasets()) {
            SnapshotTable snapshots = source.snapshotTable(dataset.source().name());
            String[] untrusted = trust.untrusted(snapshots);
            for (int i = 0; i < snapshots.size(); i++) {
                String name = snapshots.shortName(i);
                if (!options.naming().isCandidate(name)) {
                    continue;
                }
                if (untrusted[i] != null) {
                    ignored.add(dataset.source() + "@" + name);
                    continue;
                }
                Instant time = Instant.ofEpochSecond(trust.judgedTime(options.naming().timestampOf(name),
                        snapshots.creation(i)));
                newest = newest == null || time.isAfter(newest) ? time : newest;
            }
        }
        String text = ignored.isEmpty() ? "" : String.format(" (ignoring %d whose time is not trusted: %s%s)",
                ignored.size(), String.join(", ", ignored.subList(0, Math.min(3, ignored.size()))),
                ignored.size() > 3 ? ", ..." : "");
        return new Now(newest == null ? options.wallClock() : newest, text);
    }

    /** Snapshots that have clones: the origin of some listed dataset. */
    private static Set<String> origins(Listing source, Listing target) {
        Set<String> origins = new HashSet<>();
        for (Listing listing : List.of(source, target)) {
            listing.datasets().forEach(d -> d.property("origin").ifPresent(origins::add));
        }
        return origins;
    }

    /** The datasets retention judges: those the plan sends or found up to date. */
    static List<DatasetPlan> active(ReplicationPlan plan) {
        return plan.datasets().stream()
                .filter(d -> d.action() == DatasetAction.SEND || d.action() == DatasetAction.UP_TO_DATE).toList();
    }

    /** The plan's estimated bytes, or -1 when any step's size is unknown. */
    static long estimatedBytes(ReplicationPlan plan) {
        long sum = 0;
        for (SendStep step : plan.steps()) {
            if (step.estimatedBytes() < 0) {
                return -1;
            }
            sum += step.estimatedBytes();
        }
        return sum;
    }
}
