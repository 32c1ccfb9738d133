package io.jenkins.plugins.zfsreplication.steps.plan;

import io.jenkins.plugins.zfsreplication.steps.prune.PlanPruneSupport;
import io.jenkins.plugins.zfsreplication.steps.verify.ZfsVerifyBuilder;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.EnvVars;
import hudson.Extension;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.AbstractProject;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.tasks.BuildStepDescriptor;
import hudson.tasks.Builder;
import java.io.IOException;
import java.util.Objects;
import jenkins.tasks.SimpleBuildStep;
import org.kohsuke.stapler.DataBoundConstructor;

/**
 * The freestyle form of {@link ZfsSnapshotPlanStep}: it holds the step itself as its one value, so the options,
 * their help and form checks exist once (the freestyle form nests the step's; see {@link ZfsVerifyBuilder}).
 */
public final class ZfsSnapshotPlanBuilder extends Builder implements SimpleBuildStep {
    private final ZfsSnapshotPlanStep plan;

    @DataBoundConstructor
    public ZfsSnapshotPlanBuilder(ZfsSnapshotPlanStep plan) {
        this.plan = Objects.requireNonNull(plan, "plan");
    }

    public ZfsSnapshotPlanStep getPlan() {
        return plan;
    }

    @Override
    public void perform(@NonNull Run<?, ?> run, @NonNull FilePath workspace, @NonNull EnvVars env,
                        @NonNull Launcher launcher, @NonNull TaskListener listener) throws InterruptedException, IOException {
        PlanPruneSupport.plan(plan.settings(), plan.getTargetAgent(), run, workspace, launcher, listener);
    }

    @Extension
    public static final class DescriptorImpl extends BuildStepDescriptor<Builder> {
        @Override
        public boolean isApplicable(Class<? extends AbstractProject> jobType) {
            return true;
        }

        @NonNull
        @Override
        public String getDisplayName() {
            return "Plan ZFS replication (snapshots and send steps)";
        }
    }
}
