package io.jenkins.plugins.zfsreplication.prune;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.CommonBase;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.GuidIndex;
import io.jenkins.plugins.zfsreplication.plan.PlanException;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.StepDeriver;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;

/** Prune-before-send for one dataset of a plan; see {@link PruneBeforeSend} for the rules. */
final class DatasetPruner {
    private final DatasetPlan dataset;
    private final List<ZfsObject> sourceSnapshots;
    private final List<ZfsObject> targetSnapshots;
    private final Seen[] sourceSeen;
    private final Seen[] targetSeen;
    private final Listing source;
    private final Listing target;
    private final PruneOptions options;
    private final Instant now;
    private final Set<String> origins;
    private final GuidIndex indexByGuid;
    private final CommonBase base;
    private final BitSet planned;
    private static final String NOT_SENT_REASON = "the target's rules would destroy it after the transfer: not sent";
    private final List<PruneDecision> decisions = new ArrayList<>();
    private int notSent;
    private DatasetPlan result;

    DatasetPruner(DatasetPlan dataset, Listing source, Listing target, PruneOptions options, Instant now,
                  Set<String> origins) {
        this.dataset = dataset;
        this.source = source;
        this.target = target;
        this.sourceSnapshots = source.snapshotsOf(dataset.source().name());
        this.targetSnapshots = target.snapshotsOf(dataset.target().name());
        this.options = options;
        this.now = now;
        this.origins = origins;
        this.sourceSeen = seen(sourceSnapshots, options);
        this.targetSeen = seen(targetSnapshots, options);
        this.indexByGuid = new GuidIndex(sourceSnapshots);
        this.base = CommonBase.find(indexByGuid, targetSnapshots);
        this.planned = plannedIndices();
    }

    List<PruneDecision> decisions() {
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
        BitSet dropped = options.targetRules() != null ? pruneTarget() : new BitSet();
        BitSet wanted = (BitSet) planned.clone();
        wanted.andNot(dropped);
        if (options.sourceRules() != null) {
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
        if (step.kind() == SendKind.RESUME || to == planned.length() - 1) {
            return true;
        }
        BitSet dropped = pruneTarget();
        int from = step.from() == null ? to - 1 : indexOf(step.from().guid());
        for (int i = from + 1; i <= to; i++) {
            if (planned.get(i) && !dropped.get(i)) {
                return true;
            }
        }
        return false;
    }

    /** Judges target snapshots plus planned ones; returns the planned indices the target would destroy. */
    private BitSet pruneTarget() {
        Seen[] view = new Seen[targetSeen.length + planned.cardinality()];
        int[] sourceIndex = new int[view.length];
        System.arraycopy(targetSeen, 0, view, 0, targetSeen.length);
        Arrays.fill(sourceIndex, 0, targetSeen.length, -1);
        int next = targetSeen.length;
        for (int index = planned.nextSetBit(0); index >= 0; index = planned.nextSetBit(index + 1)) {
            view[next] = sourceSeen[index];
            sourceIndex[next++] = index;
        }
        String[] kept = judge(view, options.targetRules());
        BitSet dropped = new BitSet();
        long baseGuid = base == null ? 0 : sourceSnapshots.get(base.sourceIndex()).guid();
        int newest = planned.isEmpty() ? -2 : planned.length() - 1;
        for (int i = 0; i < view.length; i++) {
            Seen snapshot = view[i];
            if (!snapshot.candidate()) {
                continue;
            }
            boolean isPlanned = sourceIndex[i] >= 0;
            String protection = protection(snapshot, isPlanned ? dataset.source().name() : dataset.target().name(),
                    base != null && snapshot.object().guid() == baseGuid, isPlanned && sourceIndex[i] == newest,
                    isPlanned && resumed(sourceIndex[i]));
            String rule = protection != null ? protection : kept[i];
            Decision decision = rule != null ? Decision.KEEP : isPlanned ? Decision.NOT_SENT : Decision.DESTROY;
            if (decision == Decision.NOT_SENT) {
                dropped.set(sourceIndex[i]);
            }
            decisions.add(decision(isPlanned ? "planned" : "target", target.host(), dataset.target().name(),
                    snapshot, decision, rule != null ? rule : isPlanned ? NOT_SENT_REASON : "kept by no target rule"));
        }
        return dropped;
    }

    private void pruneSource(BitSet stillToSend) {
        String[] kept = judge(sourceSeen, options.sourceRules());
        long baseGuid = base == null ? 0 : sourceSnapshots.get(base.sourceIndex()).guid();
        for (int i = 0; i < sourceSeen.length; i++) {
            Seen snapshot = sourceSeen[i];
            if (!snapshot.candidate()) {
                continue;
            }
            String protection = protection(snapshot, dataset.source().name(),
                    base != null && snapshot.object().guid() == baseGuid, i == sourceSeen.length - 1, false);
            if (protection == null && stillToSend.get(i)) {
                protection = "protected: still to be sent";
            }
            String rule = protection != null ? protection : kept[i];
            decisions.add(decision("source", source.host(), dataset.source().name(), snapshot,
                    rule != null ? Decision.KEEP : Decision.DESTROY, rule != null ? rule : "kept by no source rule"));
        }
    }

    /** Per snapshot the rule keeping it, null for non-candidates and for those no rule keeps. */
    private String[] judge(Seen[] snapshots, RetentionPolicy policy) {
        List<Integer> candidates = new ArrayList<>(snapshots.length);
        List<String> names = new ArrayList<>(snapshots.length);
        long[] times = new long[snapshots.length];
        for (int i = 0; i < snapshots.length; i++) {
            if (snapshots[i].candidate()) {
                times[candidates.size()] = snapshots[i].time();
                candidates.add(i);
                names.add(snapshots[i].name());
            }
        }
        String[] verdicts = policy.evaluate(names, Arrays.copyOf(times, candidates.size()), now.getEpochSecond());
        String[] kept = new String[snapshots.length];
        for (int c = 0; c < candidates.size(); c++) {
            kept[candidates.get(c)] = verdicts[c];
        }
        return kept;
    }

    /** A snapshot as retention sees it, worked out once per run: name, time, whether it is a candidate. */
    private record Seen(ZfsObject object, String name, long time, boolean candidate) {
    }

    private static Seen[] seen(List<ZfsObject> snapshots, PruneOptions options) {
        Seen[] seen = new Seen[snapshots.size()];
        for (int i = 0; i < seen.length; i++) {
            ZfsObject snapshot = snapshots.get(i);
            String name = snapshot.shortName();
            Instant stamp = options.naming().timestampOf(name);
            boolean candidate = stamp != null || options.naming().isCandidate(name);
            seen[i] = new Seen(snapshot, name, stamp != null ? stamp.getEpochSecond() : snapshot.creation(), candidate);
        }
        return seen;
    }

    private String protection(Seen snapshot, String datasetName, boolean isBase, boolean isNextBase,
                              boolean resumed) {
        if (isBase) {
            return "protected: newest common snapshot (the next incremental's base)";
        }
        if (isNextBase) {
            return "protected: newest snapshot after the transfer (the following incremental's base)";
        }
        if (resumed) {
            return "protected: an interrupted receive of it is resumed";
        }
        String holds = snapshot.object().properties().get("userrefs");
        if (holds != null && !holds.equals("0")) {
            return "protected: held (userrefs=" + holds + ")";
        }
        if (!origins.isEmpty() && origins.contains(datasetName + "@" + snapshot.name())) {
            return "protected: has clones";
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
        List<SendStep> steps = StepDeriver.derive(dataset.source(), dataset.target(), sourceSnapshots,
                base == null ? -1 : base.sourceIndex(), indices, first.rollback(), first.resumeToken());
        Map<String, Long> estimates = new HashMap<>();
        dataset.steps().forEach(s -> estimates.put(key(s), s.estimatedBytes()));
        steps = steps.stream().map(s -> s.withEstimatedBytes(estimates.getOrDefault(key(s), -1L))).toList();
        String reason = dataset.reason() + String.format("; prune-before-send: %d snapshot(s) not sent", notSent);
        return new DatasetPlan(dataset.source(), dataset.target(), DatasetAction.SEND, reason, steps);
    }

    private static String key(SendStep step) {
        return step.kind() + " " + (step.from() == null ? "-" : step.from().guidText()) + " " + step.to().guidText();
    }

    private BitSet plannedIndices() {
        BitSet indices = new BitSet(sourceSnapshots.size());
        for (SendStep step : dataset.steps()) {
            int to = indexOf(step.to().guid());
            int from = step.kind() == SendKind.INCREMENTAL_RANGE ? indexOf(step.from().guid()) : to - 1;
            for (int i = from + 1; i <= to; i++) {
                indices.set(i);
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

    private static PruneDecision decision(String side, String host, String datasetName, Seen snapshot,
                                          Decision decision, String rule) {
        return new PruneDecision(side, host, datasetName, snapshot.name(), snapshot.object().guid(), snapshot.time(),
                decision, rule, false);
    }
}
