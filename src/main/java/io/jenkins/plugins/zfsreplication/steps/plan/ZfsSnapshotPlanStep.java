package io.jenkins.plugins.zfsreplication.steps.plan;

import io.jenkins.plugins.zfsreplication.steps.prune.PlanPruneSupport;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetAgent;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Item;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.util.FormValidation;
import java.util.Map;
import java.util.Set;
import org.jenkinsci.Symbol;
import org.jenkinsci.plugins.workflow.steps.Step;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepDescriptor;
import org.jenkinsci.plugins.workflow.steps.StepExecution;
import org.jenkinsci.plugins.workflow.steps.SynchronousNonBlockingStepExecution;
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
public final class ZfsSnapshotPlanStep extends Step {
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
    public StepExecution start(StepContext context) {
        return new Execution(context, settings(), targetAgent);
    }

    /** Runs off the CPS thread; the work happens on the agent through {@link PlanCallable}. */
    static final class Execution extends SynchronousNonBlockingStepExecution<Map<String, Object>> {
        private static final long serialVersionUID = 1L;
        private final PlanSettings settings;
        private final String targetAgent;

        Execution(StepContext context, PlanSettings settings, String targetAgent) {
            super(context);
            this.settings = settings;
            this.targetAgent = targetAgent;
        }

        @Override
        protected Map<String, Object> run() throws Exception {
            StepContext context = getContext();
            return PlanPruneSupport.plan(settings, targetAgent, context.get(Run.class), context.get(FilePath.class),
                    context.get(Launcher.class), context.get(TaskListener.class)).toMap();
        }
    }

    @Extension
    @Symbol("zfsSnapshotPlan")
    public static final class DescriptorImpl extends StepDescriptor {
        @Override
        public Set<? extends Class<?>> getRequiredContext() {
            return Set.of(Run.class, FilePath.class, Launcher.class, TaskListener.class);
        }

        @Override
        public String getFunctionName() {
            return "zfsSnapshotPlan";
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
