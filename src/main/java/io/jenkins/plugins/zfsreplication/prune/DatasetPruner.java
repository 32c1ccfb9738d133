package io.jenkins.plugins.zfsreplication.prune;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.BookmarkBase;
import io.jenkins.plugins.zfsreplication.plan.CommonBase;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.GuidIndex;
import io.jenkins.plugins.zfsreplication.plan.PlanException;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.StepDeriver;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;

/** Prune-before-send for one dataset of a plan; see {@link PruneBeforeSend} for the rules. */
final class DatasetPruner {
    private final DatasetPlan dataset;
    private static final int SOURCE = 0;
    private static final int TARGET = 1;
    private static final int PLANNED = 2;
    private static final int BOOKMARK = 3;
    private final SnapshotTable sourceSnapshots;
    private final SnapshotTable targetSnapshots;
    private final Seen sourceSeen;
    private final Seen targetSeen;
    private final TimeTrust trust;
    private final PruneOptions options;
    /** Each side's rules for this dataset: the command's, or its properties' ({@link RetentionProperties}). */
    private final RetentionProperties.DatasetRules rules;
    private final Instant now;
    private final Set<String> origins;
    /** Whether "now" had a witness: without one, no rule by age destroys or drops anything. */
    private final ClockWitness clock;
    private final Set<Long> planBases;
    private final GuidIndex indexByGuid;
    private final CommonBase base;
    private final SnapshotTable bookmarks;
    private final BookmarkBase bookmarkBase;
    /** The GUID of the next incremental's base, a snapshot or a source bookmark; meaningless without {@link #hasBase}. */
    private final long baseGuid;
    private final boolean hasBase;
    private final BitSet planned;
    private static final String NOT_SENT_REASON = "the target's rules would destroy it after the transfer: not sent";
    /** Why a real target snapshot stays that the rules drop only because of planned ones. */
    static final String UNTIL_ARRIVED = "kept until the planned snapshots that replace it have arrived (counting only"
            + " the target's own snapshots): ";
    private final DecisionLog decisions;
    private int notSent;
    private DatasetPlan result;

    DatasetPruner(DatasetPlan dataset, Listing source, Listing target, PruneOptions options,
                  RetentionProperties.DatasetRules rules, Instant now, Set<String> origins, ClockWitness clock) {
        this.dataset = dataset;
        this.sourceSnapshots = source.snapshotTable(dataset.source().name());
        this.targetSnapshots = target.snapshotTable(dataset.target().name());
        String sourceName = dataset.source().name();
        String targetName = dataset.target().name();
        this.bookmarks = SnapshotTable.of(sourceName, source.bookmarksOf(sourceName));
        this.decisions = new DecisionLog(sourceSnapshots.size() + 2 * targetSnapshots.size() + bookmarks.size(),
                new DecisionLog.Side(CandidateSide.SOURCE, source.host(), sourceName, sourceSnapshots),
                new DecisionLog.Side(CandidateSide.TARGET, target.host(), targetName, targetSnapshots),
                new DecisionLog.Side(CandidateSide.PLANNED, target.host(), targetName, sourceSnapshots),
                new DecisionLog.Side(CandidateSide.BOOKMARK, source.host(), sourceName, bookmarks));
        this.options = options;
        this.rules = rules;
        this.now = now;
        this.origins = origins;
        this.clock = clock;
        this.planBases = PlanBases.of(dataset);
        this.trust = new TimeTrust(options.naming(), options.clock());
        this.sourceSeen = Seen.of(sourceSnapshots, options.naming(), trust);
        this.targetSeen = Seen.of(targetSnapshots, options.naming(), trust);
        this.indexByGuid = new GuidIndex(sourceSnapshots);
        this.base = CommonBase.find(indexByGuid, targetSnapshots);
        this.bookmarkBase = BookmarkBase.find(source.bookmarksOf(sourceName), targetSnapshots, base);
        this.hasBase = base != null || bookmarkBase != null;
        this.baseGuid = bookmarkBase != null ? bookmarkBase.bookmark().guid()
                : base != null ? sourceSnapshots.guid(base.sourceIndex()) : 0;
        this.planned = plannedIndices();
    }

    DecisionLog decisions() {
        return decisions;
    }

    int notSent() {
        return notSent;
    }

    /** The pruned plan of the dataset once {@link #prune()} ran; the plan as it was otherwise. */
    DatasetPlan result() {
        return result == null ? dataset : result;
    }

    DatasetPlan prune() {
        BitSet dropped = rules.target() != null ? pruneTarget() : new BitSet();
        BitSet wanted = (BitSet) planned.clone();
        wanted.andNot(dropped);
        if (rules.source() != null) {
            pruneSource(wanted);
        }
        if (dropped.isEmpty()) {
            result = dataset;
            return dataset;
        }
        notSent = dropped.cardinality();
        result = rederive(wanted);
        return result;
    }

    /** True when the step still creates a kept snapshot on the target at {@link #now}. */
    boolean stillWanted(SendStep step) {
        int to = indexOf(step.to().guid());
        if (rules.target() == null || step.kind() == SendKind.RESUME || to == planned.length() - 1) {
            return true;
        }
        BitSet dropped = pruneTarget();
        int from = step.from() == null || step.fromBookmark() != null ? to - 1 : indexOf(step.from().guid());
        for (int i = from + 1; i <= to; i++) {
            if (planned.get(i) && !dropped.get(i)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Judges target snapshots plus planned ones; returns the planned indices the target would
     * destroy. A planned snapshot has not arrived and may never: a real target snapshot goes only
     * when the rules drop it counting the target's own snapshots alone too, so nights whose transfer
     * never comes cannot drain the target (the next prune, after the arrival, lets it go).
     */
    private BitSet pruneTarget() {
        int targets = targetSnapshots.size();
        int[] sourceIndex = new int[targets + planned.cardinality()];
        Arrays.fill(sourceIndex, 0, targets, -1);
        int next = targets;
        for (int index = planned.nextSetBit(0); index >= 0; index = planned.nextSetBit(index + 1)) {
            sourceIndex[next++] = index;
        }
        Seen view = targetSeen.with(sourceSeen, sourceIndex, targets);
        String[] kept = judge(view, rules.target());
        String[] keptReal = targets == sourceIndex.length ? kept : judge(targetSeen, rules.target());
        BitSet dropped = new BitSet();
        int newest = planned.isEmpty() ? -2 : planned.length() - 1;
        for (int i = 0; i < sourceIndex.length; i++) {
            boolean isPlanned = sourceIndex[i] >= 0;
            int index = isPlanned ? sourceIndex[i] : i;
            if (view.untrusted()[i] != null) {
                decisions.add(isPlanned ? PLANNED : TARGET, index, Decision.KEEP, view.untrusted()[i], view.times()[i]);
                continue;
            }
            if (!view.candidates()[i]) {
                continue;
            }
            SnapshotTable table = isPlanned ? sourceSnapshots : targetSnapshots;
            String protection = protection(table, index, isPlanned ? dataset.source().name() : dataset.target().name(),
                    hasBase && table.guid(index) == baseGuid, isPlanned && index == newest,
                    isPlanned && resumed(index));
            String rule = protection != null ? protection : kept[i] != null ? kept[i]
                    : isPlanned || keptReal[i] == null ? unwitnessed(rules.target()) : UNTIL_ARRIVED + keptReal[i];
            Decision decision = rule != null ? Decision.KEEP : isPlanned ? Decision.NOT_SENT : Decision.DESTROY;
            if (decision == Decision.NOT_SENT) {
                dropped.set(index);
            }
            decisions.add(isPlanned ? PLANNED : TARGET, index, decision,
                    rule != null ? rule : isPlanned ? NOT_SENT_REASON : "kept by no target rule", view.times()[i]);
        }
        return dropped;
    }

    private void pruneSource(BitSet stillToSend) {
        String[] kept = judge(sourceSeen, rules.source());
        int size = sourceSnapshots.size();
        for (int i = 0; i < size; i++) {
            if (sourceSeen.untrusted()[i] != null) {
                decisions.add(SOURCE, i, Decision.KEEP, sourceSeen.untrusted()[i], sourceSeen.times()[i]);
                continue;
            }
            if (!sourceSeen.candidates()[i]) {
                continue;
            }
            String protection = protection(sourceSnapshots, i, dataset.source().name(),
                    hasBase && sourceSnapshots.guid(i) == baseGuid, i == size - 1, false);
            if (protection == null && stillToSend.get(i)) {
                protection = "protected: still to be sent";
            }
            String rule = protection != null ? protection : kept[i] != null ? kept[i] : unwitnessed(rules.source());
            decisions.add(SOURCE, i, rule != null ? Decision.KEEP : Decision.DESTROY,
                    rule != null ? rule : "kept by no source rule", sourceSeen.times()[i]);
        }
        pruneBookmarks();
    }

    /**
     * The source's bookmarks of the naming, by the source's rules, as its snapshots are: never the
     * one a base stands on (this plan's, or the next incremental's), nor the newest, which is where
     * the next run starts should its snapshot be destroyed meanwhile.
     */
    private void pruneBookmarks() {
        if (bookmarks.size() == 0) {
            return;
        }
        Seen seen = Seen.of(bookmarks, options.naming(), trust);
        String[] kept = judge(seen, rules.source());
        for (int i = 0; i < bookmarks.size(); i++) {
            if (seen.untrusted()[i] != null) {
                decisions.add(BOOKMARK, i, Decision.KEEP, seen.untrusted()[i], seen.times()[i]);
                continue;
            }
            if (!seen.candidates()[i]) {
                continue;
            }
            long guid = bookmarks.guid(i);
            String rule = hasBase && guid == baseGuid ? "protected: the next incremental's base (matched by GUID)"
                    : planBases.contains(guid) ? "protected: a step of the plan sends from it (its base, matched by GUID)"
                    : i == bookmarks.size() - 1 ? "protected: newest bookmark (a base should its snapshot be destroyed)"
                    : kept[i] != null ? kept[i] : unwitnessed(rules.source());
            decisions.add(BOOKMARK, i, rule != null ? Decision.KEEP : Decision.DESTROY,
                    rule != null ? rule : "kept by no source rule", seen.times()[i]);
        }
    }

    /**
     * Why what {@code policy} drops stays tonight: its rules count ages from a "now" that has no
     * witness ({@link ClockWitness}); null where ages are trusted or the rules only count and match.
     */
    private String unwitnessed(RetentionPolicy policy) {
        return clock.agesTrusted() || !policy.countsAge() ? null : clock.rule();
    }

    /** Per snapshot the rule keeping it, null for non-candidates and for those no rule keeps. */
    private String[] judge(Seen snapshots, RetentionPolicy policy) {
        int size = snapshots.names().length;
        int[] candidates = new int[size];
        List<String> names = new ArrayList<>(size);
        long[] times = new long[size];
        int count = 0;
        for (int i = 0; i < size; i++) {
            if (snapshots.candidates()[i]) {
                times[count] = snapshots.times()[i];
                candidates[count++] = i;
                names.add(snapshots.names()[i]);
            }
        }
        String[] verdicts = policy.evaluate(names, Arrays.copyOf(times, count), now.getEpochSecond());
        String[] kept = new String[size];
        for (int c = 0; c < count; c++) {
            kept[candidates[c]] = verdicts[c];
        }
        return kept;
    }

    private String protection(SnapshotTable snapshots, int index, String datasetName, boolean isBase,
                              boolean isNextBase, boolean resumed) {
        if (isBase) {
            return "protected: newest common snapshot (the next incremental's base)";
        }
        if (planBases.contains(snapshots.guid(index))) {
            return "protected: a step of the plan sends from it (its base, matched by GUID)";
        }
        if (isNextBase) {
            return "protected: newest snapshot after the transfer (the following incremental's base)";
        }
        if (resumed) {
            return "protected: an interrupted receive of it is resumed";
        }
        String holds = snapshots.property(index, "userrefs");
        if (holds != null && !holds.equals("0")) {
            return "protected: held (userrefs=" + holds + ")";
        }
        if (!origins.isEmpty() && origins.contains(datasetName + "@" + snapshots.shortName(index))) {
            return "protected: has clones";
        }
        java.util.Optional<String> refusal = SnapshotName.refusal(DatasetName.of(datasetName), snapshots.shortName(index));
        if (refusal.isPresent()) {
            // ZFS allows a name this tool refuses as input: it is listed and kept, never passed to zfs destroy
            return "protected: not destroyed by this tool: " + refusal.get();
        }
        return null;
    }

    private boolean resumed(int index) {
        return !dataset.steps().isEmpty() && dataset.steps().get(0).kind() == SendKind.RESUME
                && indexOf(dataset.steps().get(0).to().guid()) == index;
    }

    private DatasetPlan rederive(BitSet wanted) {
        SendStep first = dataset.steps().get(0);
        int[] indices = wanted.stream().toArray();
        boolean fromBookmark = bookmarkBase != null && first.from() != null && first.from().guid() == baseGuid;
        List<SendStep> steps = fromBookmark
                ? StepDeriver.deriveFromBookmark(dataset.source(), dataset.target(), sourceSnapshots, first.from(), indices,
                        first.rollback(), first.resumeToken())
                : StepDeriver.derive(dataset.source(), dataset.target(), sourceSnapshots,
                        base == null ? -1 : base.sourceIndex(), indices, first.rollback(), first.resumeToken());
        Map<String, Long> estimates = new HashMap<>();
        dataset.steps().forEach(s -> estimates.put(key(s), s.estimatedBytes()));
        steps = steps.stream().map(s -> s.withEstimatedBytes(estimates.getOrDefault(key(s), -1L))).toList();
        return dataset.withSteps(steps, String.format("; prune-before-send: %d snapshot(s) not sent", notSent));
    }

    private static String key(SendStep step) {
        return step.kind() + " " + (step.from() == null ? "-" : step.from().guidText()) + " " + step.to().guidText();
    }

    /**
     * The source snapshots the plan sends that the target does not have yet. One the target has
     * (by GUID: the plan ran since it was made, or another run sent it) is the target's own: judged
     * as planned too, it would count twice, and steps derived anew would start before the base.
     */
    private BitSet plannedIndices() {
        BitSet indices = new BitSet(sourceSnapshots.size());
        GuidIndex onTarget = new GuidIndex(targetSnapshots);
        for (SendStep step : dataset.steps()) {
            int to = indexOf(step.to().guid());
            int from = step.kind() == SendKind.INCREMENTAL_RANGE ? indexOf(step.from().guid()) : to - 1;
            for (int i = from + 1; i <= to; i++) {
                if (onTarget.indexOf(sourceSnapshots.guid(i)) < 0) {
                    indices.set(i);
                }
            }
        }
        return indices;
    }

    private int indexOf(long guid) {
        int index = indexByGuid.indexOf(guid);
        if (index >= 0) {
            return index;
        }
        throw new PlanException("The plan for %s names a snapshot (GUID %s) the source no longer has: plan again",
                dataset.source(), Long.toUnsignedString(guid));
    }
}
