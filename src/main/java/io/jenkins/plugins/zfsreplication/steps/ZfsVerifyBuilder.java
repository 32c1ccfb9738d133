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

/** The freestyle form of {@link ZfsVerifyStep}: the same options, the same engine call. */
public final class ZfsVerifyBuilder extends Builder implements SimpleBuildStep {
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
    public ZfsVerifyBuilder(String target) {
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
    VerifySettings settings(StepDefaults defaults) {
        return new VerifySettings(target, name, defaults.blockSize(blockSize), count, defaults.hash(hash), sparse, threads,
                compareWith, failOnMismatch);
    }

    @Override
    public void perform(@NonNull Run<?, ?> run, @NonNull FilePath workspace, @NonNull EnvVars env,
                        @NonNull Launcher launcher, @NonNull TaskListener listener) throws InterruptedException, IOException {
        VerifyStepSupport.perform(settings(ZfsReplicationConfiguration.current()), run, workspace, launcher, listener);
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
