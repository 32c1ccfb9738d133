package io.jenkins.plugins.zfsreplication.steps;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.EnvVars;
import hudson.Extension;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.AbstractProject;
import hudson.model.Item;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.tasks.BuildStepDescriptor;
import hudson.tasks.Builder;
import hudson.util.FormValidation;
import java.io.IOException;
import jenkins.tasks.SimpleBuildStep;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/** The freestyle form of {@link ZfsPruneStep}: the same options, the same engine call. */
public final class ZfsPruneBuilder extends Builder implements SimpleBuildStep {
    private String plan = PruneSettings.DEFAULT_PLAN;
    private String targetAgent;
    private String keepTarget;
    private String keepSource;
    private String prefix = PlanSettings.DEFAULT_PREFIX;
    private String now = PruneSettings.DEFAULT_NOW;
    private boolean destroy;

    @DataBoundConstructor
    public ZfsPruneBuilder() {
        // every option has a default
    }

    public String getPlan() { return plan; }
    public String getKeepTarget() { return keepTarget; }
    public String getKeepSource() { return keepSource; }
    public String getPrefix() { return prefix; }
    public String getNow() { return now; }
    public boolean isDestroy() { return destroy; }

    public String getTargetAgent() { return targetAgent; }
    @DataBoundSetter public void setTargetAgent(String targetAgent) { this.targetAgent = targetAgent; }
    @DataBoundSetter public void setPlan(String plan) { this.plan = plan; }
    @DataBoundSetter public void setKeepTarget(String keepTarget) { this.keepTarget = keepTarget; }
    @DataBoundSetter public void setKeepSource(String keepSource) { this.keepSource = keepSource; }
    @DataBoundSetter public void setPrefix(String prefix) { this.prefix = prefix; }
    @DataBoundSetter public void setNow(String now) { this.now = now; }
    @DataBoundSetter public void setDestroy(boolean destroy) { this.destroy = destroy; }

    @Override
    public void perform(@NonNull Run<?, ?> run, @NonNull FilePath workspace, @NonNull EnvVars env,
                        @NonNull Launcher launcher, @NonNull TaskListener listener) throws InterruptedException, IOException {
        PlanPruneSupport.prune(new PruneSettings(plan, keepTarget, keepSource, prefix, now, destroy), targetAgent, run,
                workspace, launcher, listener);
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
            return "Prune ZFS snapshots before sending";
        }

        @POST
        public FormValidation doCheckKeepTarget(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.retention(value));
        }

        @POST
        public FormValidation doCheckKeepSource(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.retention(value));
        }

        @POST
        public FormValidation doCheckPrefix(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.prefix(value));
        }

        @POST
        public FormValidation doCheckTargetAgent(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> TargetAgent.formCheck(value));
        }
    }
}
