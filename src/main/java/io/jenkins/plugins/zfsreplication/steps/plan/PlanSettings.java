package io.jenkins.plugins.zfsreplication.steps.plan;

import io.jenkins.plugins.zfsreplication.plan.PlanOptions;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.steps.shared.PullSource;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionSettings;

/**
 * The options of {@code zfsSnapshotPlan} and its builder as one value, checked on the controller
 * and carried to the agent; pulling, the source is listed and snapshotted over ssh.
 */
public final class PlanSettings extends SelectionSettings {
    private static final long serialVersionUID = 1L;
    public static final String DEFAULT_PREFIX = SnapshotNaming.DEFAULT_PREFIX;
    // the pools of the agent that plans are the target: a target over ssh would be a plan nothing pulls
    static final String PULLING = "pulls to";
    private final boolean snapshotNow;
    private final boolean allowRollback;

    public PlanSettings(Datasets datasets, Target target, PullSource source, boolean snapshotNow,
                        boolean allowRollback) {
        super("zfsSnapshotPlan", PULLING, datasets, target, source, () -> { });
        this.snapshotNow = snapshotNow;
        this.allowRollback = allowRollback;
    }

    public boolean snapshotNow() {
        return snapshotNow;
    }

    /** The engine's options. */
    public PlanOptions options() {
        return new PlanOptions(selection(), target().dataset(), datasets().naming(), allowRollback, false);
    }
}
