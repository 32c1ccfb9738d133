package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;

/**
 * The target's {@code receive_resume_token}s of a plan's target datasets, read on the target's
 * host before the run and handed to a sending side on another host, which cannot read them
 * itself ({@link ZfsPreflight#sendingSide}). Checked when made: it may come from another host.
 *
 * @param byTarget target dataset name to its token
 */
public record ResumeTokens(Map<String, String> byTarget) implements Serializable {
    private static final long serialVersionUID = 1L;
    /** No tokens: resumable receive not asked for, or the target has none. */
    public static final ResumeTokens NONE = new ResumeTokens(Map.of());

    public ResumeTokens {
        byTarget = Map.copyOf(byTarget);
        byTarget.forEach((dataset, token) -> {
            DatasetName.of(dataset);
            if (!token.matches("[0-9a-zA-Z-]+")) {
                throw new TransferException("Invalid resume token for %s: '%s'", dataset, token);
            }
        });
    }

    /** The tokens of every target dataset of the plan's steps, in one zfs call (none without resume support). */
    public static ResumeTokens read(Zfs target, ReplicationPlan plan) {
        Map<String, String> tokens = new LinkedHashMap<>();
        target.receiveResumeTokens(plan.steps().stream().map(SendStep::target).distinct().toList())
                .forEach((dataset, token) -> tokens.put(dataset.name(), token));
        return new ResumeTokens(tokens);
    }

    public Optional<String> token(DatasetName target) {
        return Optional.ofNullable(byTarget.get(target.name()));
    }

    @Override
    public String toString() {
        return byTarget.size() + " resume token(s): " + new java.util.TreeSet<>(byTarget.keySet()); // datasets only
    }
}
