package io.jenkins.plugins.zfsreplication.steps.plan;

import java.util.Objects;

import hudson.Extension;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsBuilderDescriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStepBuilder;
import org.kohsuke.stapler.DataBoundConstructor;

/**
 * The freestyle form of {@link ZfsSnapshotPlanStep}: it holds the step itself as its one value, so the options,
 * their help and form checks exist once (the freestyle form nests the step's; see {@link ZfsVerifyBuilder}).
 */
public final class ZfsSnapshotPlanBuilder extends ZfsStepBuilder {
    private final ZfsSnapshotPlanStep plan;

    @DataBoundConstructor
    public ZfsSnapshotPlanBuilder(ZfsSnapshotPlanStep plan) {
        this.plan = Objects.requireNonNull(plan, "plan");
    }

    public ZfsSnapshotPlanStep getPlan() {
        return plan;
    }

    @Override
    protected ZfsSnapshotPlanStep step() {
        return plan;
    }

    @Extension
    public static final class DescriptorImpl extends ZfsBuilderDescriptor {
        public DescriptorImpl() {
            super("Plan ZFS replication (snapshots and send steps)");
        }
    }
}
