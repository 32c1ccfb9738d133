package io.jenkins.plugins.zfsreplication.steps.verify;

import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStepDescriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStep;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.steps.ZfsReplicationConfiguration;
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
 * {@code zfsVerify target: 'pool/vm@daily', compareWith: 'source.manifest'}: chunk hashes of a
 * path or snapshot on the current agent, archived as {@code <name>.manifest},
 * {@code <name>-report.json} and the throughput chart; fails the build when a comparison finds
 * differences. Returns a map to the script: summary, artifacts, compared, identical, comparison,
 * differences, mismatches, files, chunks, bytes, seconds, readBytes, since. With {@code incremental: true}
 * it reads only what changed since the snapshot an earlier build verified under the same name (its
 * archived manifest is the base); {@code since} and {@code sinceManifest} name that base
 * explicitly. (The freestyle builder mirrors the options:
 * Stapler binds setters per class.)
 */
public final class ZfsVerifyStep extends ZfsStep {
    private final String target;
    private String name = VerifySettings.DEFAULT_NAME;
    private String blockSize; // null: the system default
    private long count = 1;
    private String hash; // null: the system default
    private String sparse = VerifySettings.DEFAULT_SPARSE;
    private int threads;
    private String compareWith;
    private boolean failOnMismatch = true;
    private boolean incremental;
    private String since;
    private String sinceManifest;

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
    public boolean isIncremental() { return incremental; }
    public String getSince() { return since; }
    public String getSinceManifest() { return sinceManifest; }

    @DataBoundSetter public void setName(String name) { this.name = name; }
    // an empty form field means "the system default", stored as null either way (config round trips stay equal)
    @DataBoundSetter public void setBlockSize(String blockSize) { this.blockSize = StepDefaults.unset(blockSize); }
    @DataBoundSetter public void setCount(long count) { this.count = count; }
    @DataBoundSetter public void setHash(String hash) { this.hash = StepDefaults.unset(hash); }
    @DataBoundSetter public void setSparse(String sparse) { this.sparse = sparse; }
    @DataBoundSetter public void setThreads(int threads) { this.threads = threads; }
    @DataBoundSetter public void setCompareWith(String compareWith) { this.compareWith = compareWith; }
    @DataBoundSetter public void setFailOnMismatch(boolean failOnMismatch) { this.failOnMismatch = failOnMismatch; }
    @DataBoundSetter public void setIncremental(boolean incremental) { this.incremental = incremental; }
    @DataBoundSetter public void setSince(String since) { this.since = StepDefaults.unset(since); }
    @DataBoundSetter public void setSinceManifest(String sinceManifest) { this.sinceManifest = StepDefaults.unset(sinceManifest); }

    /** The settings of a run; fields left empty take {@code defaults}. */
    public VerifySettings settings(StepDefaults defaults) {
        return new VerifySettings(target, name, new VerifySettings.Hashing(defaults.blockSize(blockSize), count,
                defaults.hash(hash), sparse, threads), compareWith, failOnMismatch,
                new VerifySettings.Increment(incremental, since, sinceManifest));
    }

    @Override
    public StepRunner runner() {
        return runner(ZfsReplicationConfiguration.current());
    }

    /** The step's work with the fields it leaves empty taken from {@code defaults}. */
    public StepRunner runner(StepDefaults defaults) {
        return new VerifyRunner(settings(defaults));
    }

    @Extension
    @Symbol("zfsVerify")
    public static final class DescriptorImpl extends ZfsStepDescriptor {
        public DescriptorImpl() {
            super("zfsVerify", "Verify ZFS data by chunk hashes");
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
