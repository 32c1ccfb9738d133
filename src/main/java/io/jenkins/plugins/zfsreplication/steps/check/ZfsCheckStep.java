package io.jenkins.plugins.zfsreplication.steps.check;

import io.jenkins.plugins.zfsreplication.steps.ZfsReplicationConfiguration;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.check.AgeThresholds;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import hudson.Extension;
import hudson.model.Item;
import hudson.util.FormValidation;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionStep;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionStepDescriptor;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * {@code zfsCheck sources: 'tank/home', recursive: true, targetRoot: 'backup/home', warn: '26h', crit: '50h'}:
 * how old the newest snapshot common to source and target is, per dataset, on the current agent
 * (the source host), the target listed over ssh ({@code targetHost}), on its own agent
 * ({@code targetAgent}) or on this agent. WARNING marks the build UNSTABLE, CRITICAL fails it; the
 * ages are on the build page, check.json and check.txt archived. Returns a map: status, summary,
 * exitStatus, datasets.
 */
public final class ZfsCheckStep extends SelectionStep {
    private String warn = AgeThresholds.DEFAULT_WARN;
    private String crit = AgeThresholds.DEFAULT_CRIT;

    @DataBoundConstructor
    public ZfsCheckStep(String sources, String targetRoot) {
        super(sources, targetRoot, SnapshotNaming.DEFAULT_PREFIX);
    }

    public String getWarn() { return warn; }
    public String getCrit() { return crit; }

    @DataBoundSetter public void setWarn(String warn) { this.warn = warn; }
    @DataBoundSetter public void setCrit(String crit) { this.crit = crit; }

    CheckSettings settings() {
        return new CheckSettings(datasets(), target(), pullSource(), warn, crit);
    }

    @Override
    public StepRunner runner() {
        return runner(pullSource().destination() == null ? StepDefaults.BUILT_IN : ZfsReplicationConfiguration.current());
    }

    /** The step's work with its credential, where it leaves it empty, taken from {@code defaults}. */
    public StepRunner runner(StepDefaults defaults) {
        return new CheckRunner(settings(), getTargetAgent(), pullCredentialsId("zfsCheck", defaults));
    }

    @Extension
    @Symbol("zfsCheck")
    public static final class DescriptorImpl extends SelectionStepDescriptor {
        public DescriptorImpl() {
            super("zfsCheck", "Check that ZFS replication is fresh (age of the newest common snapshot)");
        }

        @POST
        public FormValidation doCheckWarn(@AncestorInPath Item item, @QueryParameter String value,
                                          @QueryParameter String crit) {
            return FormChecks.answer(item, () -> FieldChecks.ages(value, crit));
        }

        @POST
        public FormValidation doCheckCrit(@AncestorInPath Item item, @QueryParameter String value,
                                          @QueryParameter String warn) {
            return FormChecks.answer(item, () -> FieldChecks.ages(warn, value));
        }
    }
}
