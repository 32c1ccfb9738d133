package io.jenkins.plugins.zfsreplication.steps.verify;

import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.steps.ZfsReplicationConfiguration;
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
 * {@code zfsVerify target: 'pool/vm@daily', compareWith: 'source.manifest'}: chunk hashes of a
 * path or snapshot on the current agent, archived as {@code <name>.manifest},
 * {@code <name>-report.json} and the throughput chart; fails the build when a comparison finds
 * differences. Returns a map to the script: summary, artifacts, compared, identical, comparison,
 * differences, mismatches, files, chunks, bytes, seconds. (The freestyle builder mirrors the options:
 * Stapler binds setters per class.)
 */
public final class ZfsVerifyStep extends Step {
    private final String target;
    private String name = VerifySettings.DEFAULT_NAME;
    private String blockSize; // null: the system default
    private long count = 1;
    private String hash; // null: the system default
    private String sparse = VerifySettings.DEFAULT_SPARSE;
    private int threads;
    private String compareWith;
    private boolean failOnMismatch = true;

    @DataBoundConstructor
    public ZfsVerifyStep(String target) {
        this.target = target;
    }

    public String getTarget() { return target; }
    public String getName() { return name; }
    public String getBlockSize() { return blockSize; }
    public long getCount() { return count; }
    public String getHash() { return hash; }
    public String getSparse() { return sparse; }
    public int getThreads() { return threads; }
    public String getCompareWith() { return compareWith; }
    public boolean isFailOnMismatch() { return failOnMismatch; }

    @DataBoundSetter public void setName(String name) { this.name = name; }
    // an empty form field means "the system default", stored as null either way (config round trips stay equal)
    @DataBoundSetter public void setBlockSize(String blockSize) { this.blockSize = StepDefaults.unset(blockSize); }
    @DataBoundSetter public void setCount(long count) { this.count = count; }
    @DataBoundSetter public void setHash(String hash) { this.hash = StepDefaults.unset(hash); }
    @DataBoundSetter public void setSparse(String sparse) { this.sparse = sparse; }
    @DataBoundSetter public void setThreads(int threads) { this.threads = threads; }
    @DataBoundSetter public void setCompareWith(String compareWith) { this.compareWith = compareWith; }
    @DataBoundSetter public void setFailOnMismatch(boolean failOnMismatch) { this.failOnMismatch = failOnMismatch; }

    /** The settings of a run; fields left empty take {@code defaults}. */
    public VerifySettings settings(StepDefaults defaults) {
        return new VerifySettings(target, name, defaults.blockSize(blockSize), count, defaults.hash(hash), sparse, threads,
                compareWith, failOnMismatch);
    }

    @Override
    public StepExecution start(StepContext context) {
        return new Execution(context, settings(ZfsReplicationConfiguration.current()));
    }

    /** Runs off the CPS thread; the work itself happens on the agent through {@link VerifyCallable}. */
    static final class Execution extends SynchronousNonBlockingStepExecution<Map<String, Object>> {
        private static final long serialVersionUID = 1L;
        private final VerifySettings settings;

        Execution(StepContext context, VerifySettings settings) {
            super(context);
            this.settings = settings;
        }

        @Override
        protected Map<String, Object> run() throws Exception {
            StepContext context = getContext();
            return VerifyStepSupport.toScriptValue(VerifyStepSupport.perform(settings, context.get(Run.class),
                    context.get(FilePath.class), context.get(Launcher.class), context.get(TaskListener.class)));
        }
    }

    @Extension
    @Symbol("zfsVerify")
    public static final class DescriptorImpl extends StepDescriptor {
        @Override
        public Set<? extends Class<?>> getRequiredContext() {
            return Set.of(Run.class, FilePath.class, Launcher.class, TaskListener.class);
        }

        @Override
        public String getFunctionName() {
            return "zfsVerify";
        }

        @NonNull
        @Override
        public String getDisplayName() {
            return "Verify ZFS data by chunk hashes";
        }

        @POST
        public FormValidation doCheckBlockSize(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.blockSize(value));
        }

        @POST
        public FormValidation doCheckHash(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.hash(value));
        }

        @POST
        public FormValidation doCheckSparse(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.sparse(value));
        }

        @POST
        public FormValidation doCheckThreads(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.threads(value));
        }
    }
}
