package io.jenkins.plugins.zfsreplication.steps.coverage;

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
 * {@code zfsCoverage root: 'backup/storage-a', manifests: '/var/lib/zfs-replication/manifests', nights: 7}:
 * one night of verify coverage on the current agent, the host that holds the copy: tonight's slice of
 * every snapshot below {@code root} read and compared with the source's manifests, so that every byte
 * is matched within {@code nights} nights. Builds on the ledger the newest earlier build archived;
 * archives coverage-ledger.json and coverage-night.json (they join the audit chain); fails the build
 * on a mismatch or an unreadable chunk, marks it UNSTABLE or fails it when the coverage age passes
 * {@code warn} or {@code crit}. Returns a map: summary, verdict, status, ratio, ageSeconds,
 * checkedBytes, findings, keepableNights, guaranteeKept, drill.
 */
public final class ZfsCoverageStep extends ZfsStep {
    private final String root;
    private final String manifests;
    private int nights = 7;
    private String budget;
    private String timeBudget;
    private String drillScratch;
    private long drillSeed;
    private String warn;
    private String crit;

    @DataBoundConstructor
    public ZfsCoverageStep(String root, String manifests) {
        this.root = root;
        this.manifests = manifests;
    }

    public String getRoot() { return root; }
    public String getManifests() { return manifests; }
    public int getNights() { return nights; }
    public String getBudget() { return budget; }
    public String getTimeBudget() { return timeBudget; }
    public String getDrillScratch() { return drillScratch; }
    public long getDrillSeed() { return drillSeed; }
    public String getWarn() { return warn; }
    public String getCrit() { return crit; }

    // empty form fields mean "none", stored as null either way (config round trips stay equal)
    @DataBoundSetter public void setNights(int nights) { this.nights = nights; }
    @DataBoundSetter public void setBudget(String budget) { this.budget = StepDefaults.unset(budget); }
    @DataBoundSetter public void setTimeBudget(String timeBudget) { this.timeBudget = StepDefaults.unset(timeBudget); }
    @DataBoundSetter public void setDrillScratch(String drillScratch) { this.drillScratch = StepDefaults.unset(drillScratch); }
    @DataBoundSetter public void setDrillSeed(long drillSeed) { this.drillSeed = drillSeed; }
    @DataBoundSetter public void setWarn(String warn) { this.warn = StepDefaults.unset(warn); }
    @DataBoundSetter public void setCrit(String crit) { this.crit = StepDefaults.unset(crit); }

    public CoverageSettings settings() {
        return new CoverageSettings(root, manifests, nights, new CoverageSettings.Budget(budget, timeBudget),
                new CoverageSettings.Drill(drillScratch, drillSeed), warn, crit);
    }

    @Override
    public StepRunner runner() {
        return new CoverageRunner(settings());
    }

    @Extension
    @Symbol("zfsCoverage")
    public static final class DescriptorImpl extends ZfsStepDescriptor {
        public DescriptorImpl() {
            super("zfsCoverage", "Verify coverage: read tonight's slice of a ZFS backup and match it with the source");
        }

        @POST
        public FormValidation doCheckRoot(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.dataset(value));
        }

        @POST
        public FormValidation doCheckBudget(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.size(value));
        }

        @POST
        public FormValidation doCheckDrillScratch(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> value == null || value.isBlank() ? FieldChecks.none()
                    : FieldChecks.dataset(value));
        }
    }
}
