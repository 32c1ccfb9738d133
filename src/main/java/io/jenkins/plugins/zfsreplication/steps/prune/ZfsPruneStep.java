package io.jenkins.plugins.zfsreplication.steps.prune;

import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetStepDescriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStep;
import io.jenkins.plugins.zfsreplication.steps.plan.PlanSettings;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChecks;
import hudson.Extension;
import hudson.model.Item;
import hudson.util.FormValidation;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * {@code zfsPrune keepTarget: 'grid: 1x1h(keep=all) | 24x1h | 14x1d', destroy: true}: prune-before-send
 * on the plan.json an earlier {@code zfsSnapshotPlan} left in the workspace; a dry run unless
 * {@code destroy}. plan.json, plan.txt and prune-report.json are archived; returns a map: summary,
 * failed, dryRun, destroyed, kept, notSent, bytesNotSent.
 */
public final class ZfsPruneStep extends ZfsStep {
    private String plan = PruneSettings.DEFAULT_PLAN;
    private String targetAgent;
    private String targetRoot;
    private String keepTarget;
    private String keepSource;
    private String prefix = PlanSettings.DEFAULT_PREFIX;
    private String now = PruneSettings.DEFAULT_NOW;
    private boolean destroy;

    @DataBoundConstructor
    public ZfsPruneStep() {
        // every option has a default; a step with none prunes nothing and reports the candidates
    }

    public String getPlan() { return plan; }
    public String getKeepTarget() { return keepTarget; }
    public String getKeepSource() { return keepSource; }
    public String getPrefix() { return prefix; }
    public String getNow() { return now; }
    public boolean isDestroy() { return destroy; }

    public String getTargetAgent() { return targetAgent; }
    /** With targetAgent: the dataset there the plan and the prune report may touch. */
    public String getTargetRoot() { return targetRoot; }
    @DataBoundSetter public void setTargetRoot(String targetRoot) { this.targetRoot = targetRoot; }
    @DataBoundSetter public void setTargetAgent(String targetAgent) { this.targetAgent = targetAgent; }
    @DataBoundSetter public void setPlan(String plan) { this.plan = plan; }
    @DataBoundSetter public void setKeepTarget(String keepTarget) { this.keepTarget = keepTarget; }
    @DataBoundSetter public void setKeepSource(String keepSource) { this.keepSource = keepSource; }
    @DataBoundSetter public void setPrefix(String prefix) { this.prefix = prefix; }
    @DataBoundSetter public void setNow(String now) { this.now = now; }
    @DataBoundSetter public void setDestroy(boolean destroy) { this.destroy = destroy; }

    PruneSettings settings() {
        return new PruneSettings(plan, keepTarget, keepSource, prefix, now, destroy);
    }

    @Override
    public StepRunner runner() {
        return new PruneRunner(settings(), targetAgent, targetRoot);
    }

    @Extension
    @Symbol("zfsPrune")
    public static final class DescriptorImpl extends TargetStepDescriptor {
        public DescriptorImpl() {
            super("zfsPrune", "Prune ZFS snapshots before sending");
        }

        @POST
        public FormValidation doCheckKeepTarget(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.retention(value));
        }

        @POST
        public FormValidation doCheckKeepSource(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.retention(value));
        }
    }
}
