package io.jenkins.plugins.zfsreplication.prune;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * Carries out a report's DESTROY decisions: per dataset one batched {@code zfs destroy ds@a,b,c}
 * (see {@link Zfs#destroySnapshots}). Only what the report lists is destroyed, and only once
 * {@link DestroyGuard} found that none of it breaks an invariant against the hosts as they are
 * listed then: every prune's destroys come through here. zfs's own refusal (a hold or clone that
 * appeared since) is recorded as an error, never forced.
 *
 * <p>A cancel (the thread interrupted: an aborted build, a signal) never comes between a destroy
 * and its mark in the report: a batch that began runs to its end (its command's own timeout
 * bounds it) and is marked, and the batches after it are not begun, each recorded as an error
 * naming what it did not destroy. The interrupt is set again when this returns.
 */
public final class Destroyer {
    private Destroyer() {
    }

    /** What to do after a destroy fails. */
    public enum ErrorPolicy {
        /** Go on with the other datasets; every failure is in the report. */
        CONTINUE,
        /** Stop at the first failure; later datasets are left as they are. */
        STOP
    }

    /**
     * Destroys and returns the report with {@code destroyed} set where zfs succeeded. A side whose
     * zfs is null is left as it is: its host destroys its part itself (the target on its own agent).
     *
     * @throws UnsafeDestroyException when a destroy breaks an invariant: then nothing is destroyed
     */
    public static PruneReport execute(PruneReport report, Zfs source, Zfs target, DestroyGuard guard,
                                      ErrorPolicy policy, Consumer<String> log) {
        guard.check(report, source, target);
        List<String> errors = new ArrayList<>(report.errors());
        // by position in the report: a run with millions of candidates marks them without copying the list
        BitSet destroyed = new BitSet();
        Map<String, List<Integer>> batches = new LinkedHashMap<>();
        List<PruneDecision> decisions = report.decisions();
        for (int i = 0; i < decisions.size(); i++) {
            PruneDecision decision = decisions.get(i);
            Zfs zfs = decision.side().destroyedOnSource() ? source : target;
            PruneDecision.Verdict verdict = decision.verdict();
            if (verdict.decision() == Decision.DESTROY && !verdict.destroyed() && zfs != null) {
                batches.computeIfAbsent(decision.side().label() + "\u0000" + decision.dataset(), k -> new ArrayList<>()).add(i);
            }
        }
        for (List<Integer> batch : batches.values()) {
            PruneDecision first = decisions.get(batch.get(0));
            Zfs zfs = first.side().destroyedOnSource() ? source : target;
            List<String> names = batch.stream().map(i -> decisions.get(i).snapshot()).toList();
            if (Thread.currentThread().isInterrupted()) {
                errors.add(String.format("%s %s: not destroyed, the prune was cancelled first: %s", first.side().label(),
                        first.dataset(), String.join(",", names)));
                continue;
            }
            try {
                Uninterrupted.run(() -> destroy(zfs, first, names));
                log.accept(String.format("destroyed on %s %s: %s", first.side().label(), first.dataset(), String.join(",", names)));
                batch.forEach(destroyed::set);
            } catch (ZfsException e) {
                errors.add(String.format("%s %s: %s (some of %s may be destroyed: list the dataset to see)",
                        first.side().label(), first.dataset(), e.getMessage(), names));
                log.accept("destroy failed: " + e.getMessage());
                if (policy == ErrorPolicy.STOP) {
                    break;
                }
            }
        }
        return report.executed(destroyed, errors);
    }

    private static void destroy(Zfs zfs, PruneDecision first, List<String> names) {
        if (first.side().isBookmark()) {
            // zfs destroys one bookmark per call
            names.forEach(name -> zfs.destroyBookmark(DatasetName.of(first.dataset()).snapshot(name)));
        } else {
            zfs.destroySnapshots(DatasetName.of(first.dataset()), names);
        }
    }
}
