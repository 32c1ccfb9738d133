package io.jenkins.plugins.zfsreplication.prune;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/**
 * The invariants every destroy of this tool is checked against, right before it runs, against the
 * hosts as they are listed then (docs/prune-safety.md). {@link Destroyer} asks it before its first
 * {@code zfs destroy}; whatever decided the destroys (prune with or without a plan, zfsPrune on
 * one agent or two) and however the decision was reached, a destroy that breaks one refuses the
 * whole prune with {@link UnsafeDestroyException}: one line naming the invariant and the snapshot,
 * nothing destroyed.
 *
 * @param naming        the run's naming: nothing else is ever destroyed
 * @param clock         this host's clock: "now" may not lie beyond it (plus {@link TimeTrust#TOLERANCE})
 * @param bases         bases the prune found when it decided (the target's agent cannot list the source)
 * @param targetListing the target as its own agent listed it, where this host cannot list it; null
 * @param targetRules   the target's own rules where this host (the target's) destroys what another
 *                      host decided: then the report's rules, "now" and pairs count for nothing here
 *                      ({@link TargetRules}); null where the decision was made in this process
 */
public record DestroyGuard(SnapshotNaming naming, Instant clock, KnownBases bases, Listing targetListing,
                           TargetRules targetRules) {
    /** Every known target's incremental base survives, as a snapshot or a bookmark, matched by GUID. */
    static final String BASES = "the base of every known target survives";
    /** A target keeps what its rules keep counting only the snapshots it really has. */
    static final String ARRIVALS = "a target keeps what its rules keep counting only the snapshots it has";
    /** Nothing outside the run's naming is destroyed. */
    static final String NAMING = "nothing outside the run's naming is destroyed";
    /** No destroy is decided from a listing that could not be read, or that no longer holds. */
    static final String LISTING = "no destroy is decided from a listing that could not be read or no longer holds";
    /** A time beyond this host's clock plus the tolerance is never now and never makes anything older. */
    static final String TIME = "no time beyond this host's clock plus " + TimeTrust.TOLERANCE_TEXT
            + " is now or makes anything older";
    /** Nothing goes by age on a night whose "now" has no witness ({@link ClockWitness}). */
    static final String WITNESS = "nothing goes by age when now has no witness";
    /** A target that destroys what another host decided keeps its newest snapshot of the naming. */
    static final String NEWEST = "a target keeps its newest snapshot of the naming when another host decided the prune";

    public DestroyGuard {
        Objects.requireNonNull(naming, "naming");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(bases, "bases");
    }

    /** A guard of a prune decided in this process (no {@link TargetRules}). */
    public DestroyGuard(SnapshotNaming naming, Instant clock, KnownBases bases, Listing targetListing) {
        this(naming, clock, bases, targetListing, null);
    }

    /**
     * The guard of the target's own host carrying out what another host decided: every destroy
     * there is judged by {@code rules}, this host's listing, and {@code bases} (which can only keep
     * more), never by what the report says of rules, "now" or datasets.
     */
    public static DestroyGuard ofTarget(SnapshotNaming naming, Instant clock, KnownBases bases, TargetRules rules) {
        return new DestroyGuard(naming, clock, bases, null, Objects.requireNonNull(rules, "rules"));
    }

    /** The guard of a prune run with {@code options}, knowing {@code bases}. */
    public static DestroyGuard of(PruneOptions options, KnownBases bases) {
        return new DestroyGuard(options.naming(), options.clock(), bases, null);
    }

    /** The same, judging the target by {@code listing} (taken on its own host) where this host cannot list it. */
    public DestroyGuard withTargetListing(Listing listing) {
        return new DestroyGuard(naming, clock, bases, listing, targetRules);
    }

    /**
     * Checks every destroy of {@code report} that this host carries out (those of a side whose zfs
     * is given) against fresh listings of both hosts.
     *
     * @throws UnsafeDestroyException naming the first destroy that breaks an invariant
     */
    void check(PruneReport report, Zfs source, Zfs target) {
        Map<String, List<PruneDecision>> destroys = new LinkedHashMap<>();
        for (PruneDecision d : report.decisions()) {
            if (d.verdict().decision() == Decision.DESTROY && !d.verdict().destroyed()
                    && (onSource(d) ? source != null : target != null)) {
                destroys.computeIfAbsent(side(d) + d.dataset(), k -> new ArrayList<>()).add(d);
            }
        }
        if (destroys.isEmpty()) {
            return;
        }
        if (TimeTrust.isFuture(report.now(), clock)) {
            throw violation(TIME, "now " + report.now(), "is after this host's clock " + clock);
        }
        destroys.values().forEach(batch -> batch.forEach(destroy -> {
            if (!naming.isCandidate(destroy.snapshot())) {
                throw violation(NAMING, name(destroy), "is not of the naming");
            }
        }));
        if (targetRules != null) {
            if (source != null) {
                throw new IllegalArgumentException("a target's own rules judge only the target's destroys");
            }
            checkByTargetRules(report, destroys, target);
            return;
        }
        if (!report.when().clock().agesTrusted()) {
            destroys.values().forEach(batch -> batch.forEach(destroy -> {
                if (countsAge(report, destroy)) {
                    throw violation(WITNESS, name(destroy), "would go by rules that count ages, and "
                            + report.when().clock().text());
                }
            }));
        }
        Map<String, String> pairs = pairs(report, destroys);
        // listed as the prune listed them: the topmost datasets recursively on the source, the deepest
        // dataset above every target of the prune on the target (a target whose parent the run itself
        // creates is new, not unreadable)
        Listing sourceFacts = source == null ? null : listSource(source, pairs.keySet());
        Listing targetFacts = target != null ? listTarget(target, targets(report)) : targetListing;
        pairs.forEach((sourceName, targetName) -> {
            Side onSource = sourceFacts == null ? null : new Side(sourceFacts, sourceName, true);
            Side onTarget = targetName == null || targetFacts == null ? null : new Side(targetFacts, targetName, false);
            List<PruneDecision> fromSource = destroys.getOrDefault("S" + sourceName, List.of());
            List<PruneDecision> fromTarget = targetName == null ? List.of()
                    : destroys.getOrDefault("T" + targetName, List.of());
            check(fromSource, onSource, sourceBases(sourceName, targetName, onSource, onTarget),
                    targetName == null ? "a target of " + sourceName : targetName);
            check(fromTarget, onTarget, targetBases(sourceName, targetName, onSource, onTarget), targetName);
            if (!fromTarget.isEmpty()) {
                checkArrivals(onTarget, ruleOf(report, sourceName), fromTarget, report.now());
            }
        });
    }

    /**
     * The target's destroys judged on its own host, by its own rules: each dataset listed here and
     * now, its bases (what the decider knew can only add to them), its newest snapshot of the
     * naming, and what {@link #targetRules} keep of the snapshots it has. The report's rules,
     * "now" (beyond the rules' own) and source-to-target pairs are not read: they come from the
     * host that decided, which may lie.
     */
    private void checkByTargetRules(PruneReport report, Map<String, List<PruneDecision>> destroys, Zfs target) {
        List<DatasetName> datasets = destroys.values().stream().map(batch -> DatasetName.of(batch.get(0).dataset()))
                .distinct().toList();
        Listing facts = target != null ? listTarget(target, datasets) : targetListing;
        Instant now = targetRules.now(report.now(), clock);
        for (List<PruneDecision> batch : destroys.values()) {
            String dataset = batch.get(0).dataset();
            if (facts == null) {
                throw violation(LISTING, name(batch.get(0)), "cannot be checked: its dataset was not listed");
            }
            Side onTarget = new Side(facts, dataset, false);
            Set<Long> known = new LinkedHashSet<>(bases.of(dataset));
            // the decider's pairs can only name more bases to keep, never fewer
            report.retention().stream().filter(r -> dataset.equals(r.targetDataset()))
                    .forEach(r -> known.addAll(bases.of(r.dataset())));
            check(batch, onTarget, known, dataset);
            keepNewest(onTarget, batch);
            if (targetRules.rules() == null) {
                throw violation(ARRIVALS, name(batch.get(0)), "is to be destroyed, but the target's own rules are "
                        + "none: nothing there may be destroyed");
            }
            checkArrivals(onTarget, targetRules.rules(), batch, now);
        }
    }

    /** The newest snapshot of the naming a target has is the base its next incremental most likely needs. */
    private void keepNewest(Side target, List<PruneDecision> destroys) {
        for (int i = target.snapshots.size() - 1; i >= 0; i--) {
            String newest = target.snapshots.shortName(i);
            if (naming.isCandidate(newest)) {
                for (PruneDecision destroy : destroys) {
                    if (destroy.snapshot().equals(newest)) {
                        throw violation(NEWEST, name(destroy), "is the newest snapshot of the naming on the target");
                    }
                }
                return;
            }
        }
    }

    /** Source dataset to its target (null without one), for every dataset a destroy touches. */
    private static Map<String, String> pairs(PruneReport report, Map<String, List<PruneDecision>> destroys) {
        Map<String, String> pairs = new LinkedHashMap<>();
        Set<String> targets = new HashSet<>();
        for (EffectiveRule rule : report.retention()) {
            if (destroys.containsKey("S" + rule.dataset())
                    || rule.targetDataset() != null && destroys.containsKey("T" + rule.targetDataset())) {
                pairs.putIfAbsent(rule.dataset(), rule.targetDataset());
                if (rule.targetDataset() != null) {
                    targets.add(rule.targetDataset());
                }
            }
        }
        for (List<PruneDecision> batch : destroys.values()) {
            PruneDecision first = batch.get(0);
            if (onSource(first)) {
                pairs.putIfAbsent(first.dataset(), null);
            } else if (!targets.contains(first.dataset())) {
                throw violation(ARRIVALS, name(first), "is to be destroyed, but the prune names no source and no rules"
                        + " for its dataset");
            }
        }
        return pairs;
    }

    private Listing listSource(Zfs source, Set<String> datasets) {
        try {
            return source.list(DatasetName.tops(datasets.stream().map(DatasetName::of).toList()), true,
                    List.of("userrefs"));
        } catch (ZfsException e) {
            throw violation(LISTING, "the source " + source.host(), "cannot be listed again before destroying: "
                    + e.getMessage());
        }
    }

    /** Every target the prune judged (its retention names them). */
    private static List<DatasetName> targets(PruneReport report) {
        return report.retention().stream().map(EffectiveRule::targetDataset).filter(Objects::nonNull).distinct()
                .map(DatasetName::of).toList();
    }

    private Listing listTarget(Zfs target, List<DatasetName> targets) {
        if (targets.isEmpty()) {
            return null;
        }
        DatasetName root = DatasetName.commonAncestor(targets).orElseThrow(() -> violation(LISTING,
                "the targets " + targets, "lie in different pools"));
        ListingText text;
        try {
            // the prune judged its target root readable moments ago; here the pool must still be there
            text = target.listRootText(root, DatasetName.of(root.pool()), List.of("userrefs"));
        } catch (ZfsException e) {
            throw violation(LISTING, "the target " + target.host(), "cannot be listed again before destroying: "
                    + e.getMessage());
        }
        if (text.unreadable().isPresent()) {
            throw violation(LISTING, "the target " + root, "cannot be read: " + text.unreadable().get());
        }
        return text.parse();
    }

    /** One dataset as listed now: its snapshots (and bookmarks) by name, and which times are trusted. */
    private final class Side {
        private final Listing listing;
        private final boolean source;
        private final SnapshotTable snapshots;
        private final Map<String, Integer> byName = new HashMap<>();
        private final Map<String, ZfsObject> bookmarks = new HashMap<>();
        private final String[] untrusted;

        Side(Listing listing, String dataset, boolean source) {
            this.listing = listing;
            this.source = source;
            this.snapshots = listing.snapshotTable(dataset);
            for (int i = 0; i < snapshots.size(); i++) {
                byName.put(snapshots.shortName(i), i);
            }
            listing.bookmarksOf(dataset).forEach(b -> bookmarks.put(b.shortName(), b));
            this.untrusted = new TimeTrust(naming, clock).untrusted(snapshots);
        }
    }

    /**
     * What must survive on the source: the bases known for the pair when deciding, the newest
     * common one now, and the newest bookmark of the naming (the base the last run delivered to
     * some target, perhaps one this prune does not know).
     */
    private Set<Long> sourceBases(String sourceName, String targetName, Side onSource, Side onTarget) {
        Set<Long> found = targetBases(sourceName, targetName, onSource, onTarget);
        if (onSource != null) {
            List<ZfsObject> bookmarks = onSource.listing.bookmarksOf(sourceName);
            for (int i = bookmarks.size() - 1; i >= 0; i--) {
                if (naming.isCandidate(bookmarks.get(i).shortName())) {
                    found.add(bookmarks.get(i).guid());
                    break;
                }
            }
        }
        return found;
    }

    /**
     * What must survive on this target: the bases known for the pair when deciding and the newest
     * snapshot it shares with the source now. Another target's base (the source's newest bookmark,
     * its holds) is the source's to keep: this target may have moved past it.
     */
    private Set<Long> targetBases(String sourceName, String targetName, Side onSource, Side onTarget) {
        Set<Long> found = new LinkedHashSet<>(bases().of(sourceName));
        if (targetName != null) {
            found.addAll(bases().of(targetName));
        }
        if (onSource != null && onTarget != null) {
            Long common = KnownBases.newestCommon(onSource.listing, sourceName, onTarget.listing, targetName);
            if (common != null) {
                found.add(common);
            }
        }
        return found;
    }

    /** The destroys of one dataset: still there as judged, not held, not a base left nowhere else, a trusted time. */
    private void check(List<PruneDecision> destroys, Side side, Set<Long> bases, String target) {
        if (destroys.isEmpty()) {
            return;
        }
        if (side == null) {
            throw violation(LISTING, name(destroys.get(0)), "cannot be checked: its dataset was not listed");
        }
        Set<String> gone = new HashSet<>();
        destroys.forEach(d -> gone.add(d.snapshot() + (d.side().isBookmark() ? "#" : "@")));
        for (PruneDecision destroy : destroys) {
            boolean bookmark = destroy.side().isBookmark();
            Integer index = bookmark ? null : side.byName.get(destroy.snapshot());
            ZfsObject object = bookmark ? side.bookmarks.get(destroy.snapshot())
                    : index == null ? null : side.snapshots.get(index);
            if (object == null || object.guid() != destroy.guid()) {
                throw violation(LISTING, name(destroy), object == null ? "is gone since the listing it was judged by"
                        : "has GUID " + object.guidText() + " now, not " + destroy.guidText() + " as judged");
            }
            String holds = object.property("userrefs").orElse("0");
            if (!holds.equals("0")) {
                throw violation(BASES, name(destroy), "is held (userrefs=" + holds + "): a hold records a target's base");
            }
            if (bases.contains(destroy.guid()) && !survives(destroy.guid(), side, gone)) {
                throw violation(BASES, name(destroy), "(GUID " + destroy.guidText() + ") is the incremental base of "
                        + target + ", and nothing of that GUID would be left on the " + (side.source ? "source" : "target"));
            }
            if (index != null && side.untrusted[index] != null) {
                throw violation(TIME, name(destroy), "was judged by a time that is not trusted ("
                        + side.untrusted[index].substring("protected: ".length()) + ")");
            }
        }
    }

    /** Whether the dataset keeps a snapshot (or, on the source, a bookmark) of {@code guid} after the destroys. */
    private static boolean survives(long guid, Side side, Set<String> gone) {
        for (int i = 0; i < side.snapshots.size(); i++) {
            if (side.snapshots.guid(i) == guid && !gone.contains(side.snapshots.shortName(i) + "@")) {
                return true;
            }
        }
        return side.source && side.bookmarks.values().stream()
                .anyMatch(b -> b.guid() == guid && !gone.contains(b.shortName() + "#"));
    }

    /**
     * Every target snapshot destroyed is one the target's rules drop counting only the snapshots
     * the target has now: what has not arrived never makes a real snapshot go.
     */
    private void checkArrivals(Side target, String rules, List<PruneDecision> destroys, Instant now) {
        if (target == null) {
            throw violation(LISTING, name(destroys.get(0)), "cannot be checked: its dataset was not listed");
        }
        if (rules == null) {
            throw violation(ARRIVALS, name(destroys.get(0)), "is to be destroyed, but no rules of the target are known");
        }
        Seen seen = Seen.of(target.snapshots, naming, new TimeTrust(naming, clock));
        List<String> names = new ArrayList<>();
        long[] times = new long[seen.names().length];
        Map<String, Integer> positions = new HashMap<>();
        for (int i = 0; i < seen.names().length; i++) {
            if (seen.candidates()[i]) {
                positions.put(seen.names()[i], names.size());
                times[names.size()] = seen.times()[i];
                names.add(seen.names()[i]);
            }
        }
        String[] kept = RetentionPolicy.parse(rules).evaluate(names, Arrays.copyOf(times, names.size()),
                now.getEpochSecond());
        for (PruneDecision destroy : destroys) {
            Integer at = positions.get(destroy.snapshot());
            if (at != null && kept[at] != null) {
                throw violation(ARRIVALS, name(destroy), "is kept by '" + kept[at] + "' counting only the "
                        + names.size() + " snapshot(s) the target has");
            }
        }
    }

    /** Whether the rules {@code destroy}'s side was judged by keep by age (grid, thin); unknown rules do. */
    private static boolean countsAge(PruneReport report, PruneDecision destroy) {
        boolean source = onSource(destroy);
        return report.retention().stream()
                .filter(r -> source ? r.dataset().equals(destroy.dataset()) && r.side().equals("source")
                        : destroy.dataset().equals(r.targetDataset()) && r.side().equals("target"))
                .map(EffectiveRule::rules).filter(Objects::nonNull).findFirst()
                .map(rules -> RetentionPolicy.parse(rules).countsAge()).orElse(true);
    }

    private static String ruleOf(PruneReport report, String sourceName) {
        return report.retention().stream().filter(r -> r.dataset().equals(sourceName) && r.side().equals("target"))
                .map(EffectiveRule::rules).filter(Objects::nonNull).findFirst().orElse(null);
    }

    /** "S" for what lives on the source (snapshots and bookmarks), "T" for the target. */
    private static String side(PruneDecision decision) {
        return onSource(decision) ? "S" : "T";
    }

    private static boolean onSource(PruneDecision decision) {
        return decision.side().destroyedOnSource();
    }

    private static String name(PruneDecision decision) {
        return decision.side().objectName(decision.dataset(), decision.snapshot());
    }

    private static UnsafeDestroyException violation(String invariant, String what, String detail) {
        return new UnsafeDestroyException(invariant, what, detail);
    }
}
