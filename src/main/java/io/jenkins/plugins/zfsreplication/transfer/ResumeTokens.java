package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
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
public record ResumeTokens(Map<String, String> byTarget, Map<String, String> sendFlags) implements Serializable {
    private static final long serialVersionUID = 2L;
    /** No tokens: resumable receive not asked for, or the target has none. */
    public static final ResumeTokens NONE = new ResumeTokens(Map.of());

    /**
     * @param byTarget  target dataset name to its token
     * @param sendFlags target dataset name to the send flags its chain was started with ({@link ChainFlags})
     */
    public ResumeTokens {
        byTarget = Map.copyOf(byTarget);
        sendFlags = Map.copyOf(sendFlags);
        byTarget.forEach((dataset, token) -> {
            DatasetName.of(dataset);
            if (!token.matches("[0-9a-zA-Z-]+")) {
                throw new TransferException("Invalid resume token for %s: '%s'", dataset, token);
            }
        });
        sendFlags.forEach((dataset, flags) -> {
            DatasetName.of(dataset);
            if (!flags.matches("[a-z,-]{1,64}")) {
                throw new TransferException("Invalid send flags for %s: '%s'", dataset, flags);
            }
        });
    }

    /** Tokens only, no chain's flags known. */
    public ResumeTokens(Map<String, String> byTarget) {
        this(byTarget, Map.of());
    }

    /**
     * The tokens and the chains' send flags of every target dataset of the plan's steps, in two zfs
     * calls (no tokens without resume support).
     */
    public static ResumeTokens read(Zfs target, ReplicationPlan plan) {
        List<DatasetName> targets = plan.steps().stream().map(SendStep::target).distinct().toList();
        Map<String, String> tokens = new LinkedHashMap<>();
        target.receiveResumeTokens(targets).forEach((dataset, token) -> tokens.put(dataset.name(), token));
        Map<String, String> flags = new LinkedHashMap<>();
        target.localValues(targets, ChainFlags.PROPERTY).forEach((dataset, value) -> flags.put(dataset.name(), value));
        return new ResumeTokens(tokens, flags);
    }

    public Optional<String> token(DatasetName target) {
        return Optional.ofNullable(byTarget.get(target.name()));
    }

    /** The send flags the target's chain was started with, as recorded there; empty when not recorded. */
    public Optional<String> sendFlags(DatasetName target) {
        return Optional.ofNullable(sendFlags.get(target.name()));
    }

    @Override
    public String toString() {
        return byTarget.size() + " resume token(s): " + new java.util.TreeSet<>(byTarget.keySet()); // datasets only
    }
}
