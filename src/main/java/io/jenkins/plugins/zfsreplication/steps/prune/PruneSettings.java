package io.jenkins.plugins.zfsreplication.steps.prune;

import io.jenkins.plugins.zfsreplication.steps.shared.FieldText;
import java.io.Serializable;
import java.time.Instant;
import java.time.format.DateTimeParseException;

import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.prune.PruneOptions;
import io.jenkins.plugins.zfsreplication.prune.RetentionPolicy;
import io.jenkins.plugins.zfsreplication.prune.TargetRules;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * The options of {@code zfsPrune} and its builder as one value, carried to the agent.
 *
 * @param plan    the plan.json in the workspace, as {@code zfsSnapshotPlan} left it
 * @param now     {@code wall} (default), {@code newest} or an ISO-8601 instant
 * @param destroy really destroy; false: a dry run whose report lists what would go
 */
public record PruneSettings(String plan, String keepTarget, String keepSource, String prefix, String now, boolean destroy)
        implements Serializable {
    static final String DEFAULT_PLAN = "plan.json";
    static final String DEFAULT_NOW = "wall";

    public PruneSettings {
        try {
            // the fields are not set yet in a compact constructor: check the parameters
            options(keepTarget, keepSource, prefix, now, Instant.EPOCH);
            if (plan != null && !plan.isBlank()) {
                // the plan and the files written beside it stay inside the workspace
                FieldText.relative(plan, "plan");
            }
        } catch (ZfsException | DateTimeParseException e) {
            throw new IllegalArgumentException("zfsPrune: " + e.getMessage(), e);
        }
    }

    /** The engine options; {@code wallClock} is the agent's clock when the prune runs. */
    PruneOptions options(Instant wallClock) {
        return options(keepTarget, keepSource, prefix, now, wallClock);
    }

    private static PruneOptions options(String keepTarget, String keepSource, String prefix, String now,
                                        Instant wallClock) {
        String when = now == null || now.isBlank() ? DEFAULT_NOW : now.strip();
        PruneOptions.NowMode mode = PruneOptions.NowMode.of(when);
        return new PruneOptions(rules(keepTarget), rules(keepSource),
                SnapshotNaming.of(prefix == null || prefix.isBlank() ? SnapshotNaming.DEFAULT_PREFIX : prefix.strip()), mode,
                mode == PruneOptions.NowMode.FIXED ? Instant.parse(when) : wallClock);
    }

    /**
     * The target's rules as this step gives them, for the target's agent to judge the target's
     * destroys by: the keep-target properties the source's agent reads are the source's word, not
     * this step's, and count for nothing there.
     */
    TargetRules targetRules() {
        PruneOptions options = options(Instant.EPOCH);
        return new TargetRules(keepTarget, options.now() == PruneOptions.NowMode.FIXED ? options.wallClock() : null);
    }

    String planFile() {
        return plan == null || plan.isBlank() ? DEFAULT_PLAN : plan.strip();
    }

    private static RetentionPolicy rules(String spec) {
        return spec == null || spec.isBlank() ? null : RetentionPolicy.parse(spec);
    }
}
