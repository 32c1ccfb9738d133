package io.jenkins.plugins.zfsreplication.prune;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.jenkins.plugins.zfsreplication.plan.CommonBase;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
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
    private final Listing source;
    private final Listing target;
    private final PruneOptions options;
    private final Instant now;
    private final Set<String> origins;
    private final Map<Long, Integer> indexByGuid;
    private final CommonBase base;
    private final TreeSet<Integer> planned;
    private final List<PruneDecision> decisions = new ArrayList<>();
    private int notSent;

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
        this.indexByGuid = new HashMap<>(sourceSnapshots.size() * 2);
        for (int i = 0; i < sourceSnapshots.size(); i++) {
            indexByGuid.put(sourceSnapshots.get(i).guid(), i);
        }
        this.base = CommonBase.find(sourceSnapshots, targetSnapshots);
        this.planned = plannedIndices();
    }

    List<PruneDecision> decisions() {
        return decisions;
    }

    int notSent() {
        return notSent;
    }

    DatasetPlan prune() {
        Set<Integer> dropped = new TreeSet<>();
        if (options.targetRules() != null) {
            dropped = pruneTarget();
        }
        TreeSet<Integer> wanted = new TreeSet<>(planned);
        wanted.removeAll(dropped);
        if (options.sourceRules() != null) {
            pruneSource(wanted);
        }
        if (dropped.isEmpty()) {
            return dataset;
        }
        notSent = dropped.size();
        return rederive(wanted);
    }

    /** True when the step still creates a kept snapshot on the target at {@link #now}. */
    boolean stillWanted(SendStep step) {
        int to = indexOf(step.to().guid());
        if (step.kind() == SendKind.RESUME || to == planned.last()) {
            return true;
        }
        Set<Integer> dropped = pruneTarget();
        int from = step.from() == null ? to - 1 : indexOf(step.from().guid());
        for (int i = from + 1; i <= to; i++) {
            if (planned.contains(i) && !dropped.contains(i)) {
                return true;
            }
        }
        return false;
    }

    /** Judges target snapshots plus planned ones; returns the planned indices the target would destroy. */
    private Set<Integer> pruneTarget() {
        List<ZfsObject> view = new ArrayList<>();
        List<Integer> sourceIndex = new ArrayList<>();
        for (ZfsObject snapshot : targetSnapshots) {
            view.add(snapshot);
            sourceIndex.add(-1);
        }
        for (int index : planned) {
            view.add(sourceSnapshots.get(index));
            sourceIndex.add(index);
        }
        String[] kept = judge(view, options.targetRules());
        Set<Integer> dropped = new TreeSet<>();
        long baseGuid = base == null ? 0 : sourceSnapshots.get(base.sourceIndex()).guid();
        Integer newest = planned.isEmpty() ? null : planned.last();
        for (int i = 0; i < view.size(); i++) {
            ZfsObject snapshot = view.get(i);
            if (!options.naming().isCandidate(snapshot.shortName())) {
                continue;
            }
            boolean isPlanned = sourceIndex.get(i) >= 0;
            String protection = protection(snapshot, isPlanned ? dataset.source().name() : dataset.target().name(),
                    base != null && snapshot.guid() == baseGuid, isPlanned && sourceIndex.get(i).equals(newest),
                    isPlanned && resumed(sourceIndex.get(i)));
            String rule = protection != null ? protection : kept[i];
            Decision decision = rule != null ? Decision.KEEP : isPlanned ? Decision.NOT_SENT : Decision.DESTROY;
            if (decision == Decision.NOT_SENT) {
                dropped.add(sourceIndex.get(i));
            }
            decisions.add(decision(isPlanned ? "planned" : "target", target.host(), dataset.target().name(),
                    snapshot, decision, rule != null ? rule : isPlanned
                            ? "the target's rules would destroy it after the transfer: not sent"
                            : "kept by no target rule"));
        }
        return dropped;
    }

    private void pruneSource(Set<Integer> stillToSend) {
        String[] kept = judge(sourceSnapshots, options.sourceRules());
        long baseGuid = base == null ? 0 : sourceSnapshots.get(base.sourceIndex()).guid();
        for (int i = 0; i < sourceSnapshots.size(); i++) {
            ZfsObject snapshot = sourceSnapshots.get(i);
            if (!options.naming().isCandidate(snapshot.shortName())) {
                continue;
            }
            String protection = protection(snapshot, dataset.source().name(), base != null && snapshot.guid() == baseGuid,
                    i == sourceSnapshots.size() - 1, false);
            if (protection == null && stillToSend.contains(i)) {
                protection = "protected: still to be sent";
            }
            String rule = protection != null ? protection : kept[i];
            decisions.add(decision("source", source.host(), dataset.source().name(), snapshot,
                    rule != null ? Decision.KEEP : Decision.DESTROY, rule != null ? rule : "kept by no source rule"));
        }
    }

    /** Per snapshot the rule keeping it, null for non-candidates and for those no rule keeps. */
    private String[] judge(List<ZfsObject> snapshots, RetentionPolicy policy) {
        List<Integer> candidates = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Instant> times = new ArrayList<>();
        for (int i = 0; i < snapshots.size(); i++) {
            if (options.naming().isCandidate(snapshots.get(i).shortName())) {
                candidates.add(i);
                names.add(snapshots.get(i).shortName());
                times.add(options.naming().timeOf(snapshots.get(i)));
            }
        }
        String[] verdicts = policy.evaluate(names, times, now);
        String[] kept = new String[snapshots.size()];
        for (int c = 0; c < candidates.size(); c++) {
            kept[candidates.get(c)] = verdicts[c];
        }
        return kept;
    }

    private String protection(ZfsObject snapshot, String datasetName, boolean isBase, boolean isNextBase,
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
        long holds = snapshot.property("userrefs").map(Long::parseLong).orElse(0L);
        if (holds > 0) {
            return "protected: held (userrefs=" + holds + ")";
        }
        if (origins.contains(datasetName + "@" + snapshot.shortName())) {
            return "protected: has clones";
        }
        return null;
    }

    private boolean resumed(int index) {
        return !dataset.steps().isEmpty() && dataset.steps().get(0).kind() == SendKind.RESUME
                && indexOf(dataset.steps().get(0).to().guid()) == index;
    }

    private DatasetPlan rederive(TreeSet<Integer> wanted) {
        SendStep first = dataset.steps().get(0);
        int[] indices = wanted.stream().mapToInt(Integer::intValue).toArray();
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

    private TreeSet<Integer> plannedIndices() {
        TreeSet<Integer> indices = new TreeSet<>();
        for (SendStep step : dataset.steps()) {
            int to = indexOf(step.to().guid());
            int from = step.kind() == SendKind.INCREMENTAL_RANGE ? indexOf(step.from().guid()) : to - 1;
            for (int i = from + 1; i <= to; i++) {
                indices.add(i);
            }
        }
        return indices;
    }

    private int indexOf(long guid) {
        Integer index = indexByGuid.get(guid);
        if (index != null) {
            return index;
        }
        throw new PlanException("The plan for %s names a snapshot (GUID %s) the source no longer has: plan again",
                dataset.source(), Long.toUnsignedString(guid));
    }

    private PruneDecision decision(String side, String host, String datasetName, ZfsObject snapshot, Decision decision,
                                   String rule) {
        return new PruneDecision(side, host, datasetName, snapshot.shortName(), snapshot.guidText(),
                options.naming().timeOf(snapshot), decision, rule, false);
    }
}
