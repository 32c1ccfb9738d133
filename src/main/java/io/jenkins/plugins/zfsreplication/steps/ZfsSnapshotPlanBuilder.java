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

/** The freestyle form of {@link ZfsSnapshotPlanStep}: the same options, the same engine call. */
public final class ZfsSnapshotPlanBuilder extends Builder implements SimpleBuildStep {
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
    public ZfsSnapshotPlanBuilder(String sources, String targetRoot) {
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

    @Override
    public void perform(@NonNull Run<?, ?> run, @NonNull FilePath workspace, @NonNull EnvVars env,
                        @NonNull Launcher launcher, @NonNull TaskListener listener) throws InterruptedException, IOException {
        PlanPruneSupport.plan(new PlanSettings(sources, recursive, targetRoot, targetHost, includes, excludes, prefix,
                snapshotNow, allowRollback), targetAgent, run, workspace, launcher, listener);
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
