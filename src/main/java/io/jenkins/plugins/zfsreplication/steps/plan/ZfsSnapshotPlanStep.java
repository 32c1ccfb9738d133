package io.jenkins.plugins.zfsreplication.steps.plan;

import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetStepDescriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStep;
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
 * {@code zfsSnapshotPlan sources: 'tank/home', recursive: true, targetRoot: 'backup/home'}: plans on
 * the current agent (the source host), the target listed over ssh ({@code targetHost}) or on this
 * agent; plan.json and plan.txt are archived. Returns a map: summary, datasets, toSend, upToDate,
 * skipped, problems, steps.
 */
public final class ZfsSnapshotPlanStep extends ZfsStep {
    private final String sources;
    private final String targetRoot;
    private boolean recursive;
    private String targetAgent;
    private String targetHost;
    private String includes;
    private String excludes;
    private String prefix = PlanSettings.DEFAULT_PREFIX;
    private boolean snapshotNow;
    private boolean allowRollback;

    @DataBoundConstructor
    public ZfsSnapshotPlanStep(String sources, String targetRoot) {
        this.sources = sources;
        this.targetRoot = targetRoot;
    }

    public String getSources() { return sources; }
    public String getTargetRoot() { return targetRoot; }
    public boolean isRecursive() { return recursive; }
    public String getTargetHost() { return targetHost; }
    public String getIncludes() { return includes; }
    public String getExcludes() { return excludes; }
    public String getPrefix() { return prefix; }
    public boolean isSnapshotNow() { return snapshotNow; }
    public boolean isAllowRollback() { return allowRollback; }

    public String getTargetAgent() { return targetAgent; }
    @DataBoundSetter public void setTargetAgent(String targetAgent) { this.targetAgent = targetAgent; }
    @DataBoundSetter public void setRecursive(boolean recursive) { this.recursive = recursive; }
    @DataBoundSetter public void setTargetHost(String targetHost) { this.targetHost = targetHost; }
    @DataBoundSetter public void setIncludes(String includes) { this.includes = includes; }
    @DataBoundSetter public void setExcludes(String excludes) { this.excludes = excludes; }
    @DataBoundSetter public void setPrefix(String prefix) { this.prefix = prefix; }
    @DataBoundSetter public void setSnapshotNow(boolean snapshotNow) { this.snapshotNow = snapshotNow; }
    @DataBoundSetter public void setAllowRollback(boolean allowRollback) { this.allowRollback = allowRollback; }

    PlanSettings settings() {
        return new PlanSettings(sources, recursive, targetRoot, targetHost, includes, excludes, prefix, snapshotNow,
                allowRollback);
    }

    @Override
    public StepRunner runner() {
        return new PlanRunner(settings(), targetAgent);
    }

    @Extension
    @Symbol("zfsSnapshotPlan")
    public static final class DescriptorImpl extends TargetStepDescriptor {
        public DescriptorImpl() {
            super("zfsSnapshotPlan", "Plan ZFS replication (snapshots and send steps)");
        }

        @POST
        public FormValidation doCheckSources(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.datasets(value));
        }

        @POST
        public FormValidation doCheckTargetRoot(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.dataset(value));
        }

        @POST
        public FormValidation doCheckTargetHost(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.optionalHost(value));
        }
    }
}
