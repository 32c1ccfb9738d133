package io.jenkins.plugins.zfsreplication.steps.restore;

import hudson.Extension;
import hudson.model.Item;
import hudson.util.FormValidation;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStep;
import io.jenkins.plugins.zfsreplication.steps.shared.ZfsStepDescriptor;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * {@code zfsRestoreDrill snapshot: 'backup/home@zr-...', scratch: 'backup/drill', manifest:
 * 'source.manifest'}: on the current agent, receives the backup's snapshot into a new scratch
 * dataset (raw when encrypted, the key loaded from {@code keyFile}), verifies it against the
 * source's manifest, reports bytes and the recovery time, and destroys the scratch dataset, also
 * when the build is aborted. Archives restore-drill.json (which joins the audit chain) and the
 * verify's files; fails the build unless the copy is identical and the scratch dataset gone.
 * Returns a map: result, identical, bytes, receiveSeconds, verifySeconds, scratchDestroyed,
 * comparison, summary, artifacts.
 */
public final class ZfsRestoreDrillStep extends ZfsStep {
    private final String snapshot;
    private final String scratch;
    private final String manifest;
    private String keyFile;
    private String rateLimit;

    @DataBoundConstructor
    public ZfsRestoreDrillStep(String snapshot, String scratch, String manifest) {
        this.snapshot = snapshot;
        this.scratch = scratch;
        this.manifest = manifest;
    }

    public String getSnapshot() { return snapshot; }
    public String getScratch() { return scratch; }
    public String getManifest() { return manifest; }
    public String getKeyFile() { return keyFile; }
    public String getRateLimit() { return rateLimit; }

    // empty form fields mean "none", stored as null either way (config round trips stay equal)
    @DataBoundSetter public void setKeyFile(String keyFile) { this.keyFile = StepDefaults.unset(keyFile); }
    @DataBoundSetter public void setRateLimit(String rateLimit) { this.rateLimit = StepDefaults.unset(rateLimit); }

    public RestoreDrillSettings settings() {
        return new RestoreDrillSettings(snapshot, scratch, manifest, keyFile, rateLimit);
    }

    @Override
    public StepRunner runner() {
        return new RestoreDrillRunner(settings());
    }

    @Extension
    @Symbol("zfsRestoreDrill")
    public static final class DescriptorImpl extends ZfsStepDescriptor {
        public DescriptorImpl() {
            super("zfsRestoreDrill", "Restore drill: receive a ZFS backup into a scratch dataset and verify it");
        }

        @POST
        public FormValidation doCheckScratch(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.dataset(value));
        }

        @POST
        public FormValidation doCheckRateLimit(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.size(value));
        }
    }
}
