package io.jenkins.plugins.zfsreplication.steps.plan;

import io.jenkins.plugins.zfsreplication.steps.ZfsReplicationConfiguration;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionStep;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionStepDescriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
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
 * the current agent (the source host, or with {@code sourceHost} the backup host pulling from the
 * source over ssh), the target listed over ssh ({@code targetHost}) or on this agent; plan.json and
 * plan.txt are archived. Returns a map: summary, datasets, toSend, upToDate, skipped, problems, steps.
 */
public final class ZfsSnapshotPlanStep extends SelectionStep {
    private boolean snapshotNow;
    private boolean allowRollback;
    private String sourceHost; // pull: the source over ssh; blank: this agent's pools
    private String sshOptions; // ssh client arguments for sourceHost
    private String sshCredentialsId; // for sourceHost; blank: the system default, then the agent user's keys

    @DataBoundConstructor
    public ZfsSnapshotPlanStep(String sources, String targetRoot) {
        super(sources, targetRoot, PlanSettings.DEFAULT_PREFIX);
    }

    public boolean isSnapshotNow() { return snapshotNow; }
    public boolean isAllowRollback() { return allowRollback; }
    public String getSourceHost() { return sourceHost; }
    public String getSshOptions() { return sshOptions; }
    public String getSshCredentialsId() { return sshCredentialsId; }

    @DataBoundSetter public void setSnapshotNow(boolean snapshotNow) { this.snapshotNow = snapshotNow; }
    @DataBoundSetter public void setAllowRollback(boolean allowRollback) { this.allowRollback = allowRollback; }
    /** Pull: list (and snapshot) the source on this [user@]host over ssh; the plan runs on the backup host's agent. */
    @DataBoundSetter public void setSourceHost(String sourceHost) { this.sourceHost = sourceHost; }
    @DataBoundSetter public void setSshOptions(String sshOptions) { this.sshOptions = sshOptions; }
    @DataBoundSetter public void setSshCredentialsId(String sshCredentialsId) { this.sshCredentialsId = sshCredentialsId; }

    PlanSettings settings() {
        return new PlanSettings(getSources(), isRecursive(), getTargetRoot(), getTargetHost(), getIncludes(),
                getExcludes(), getPrefix(), snapshotNow, allowRollback, sourceHost, sshOptions);
    }

    @Override
    public StepRunner runner() {
        return runner(settings().sourceDestination() == null ? StepDefaults.BUILT_IN : ZfsReplicationConfiguration.current());
    }

    /** The step's work with its credential, where it leaves it empty, taken from {@code defaults}. */
    public StepRunner runner(StepDefaults defaults) {
        PlanSettings settings = settings();
        return new PlanRunner(settings, getTargetAgent(), credentialsId(settings, defaults));
    }

    /**
     * The credential for the source host: the step's, else the system's default, and only where it
     * is used (pulling from sourceHost); a credential named without sourceHost is a mistake, refused.
     */
    private String credentialsId(PlanSettings settings, StepDefaults defaults) {
        if (settings.sourceDestination() == null) {
            if (sshCredentialsId != null && !sshCredentialsId.isBlank()) {
                throw new IllegalArgumentException("zfsSnapshotPlan: sshCredentialsId is for sourceHost (pull); "
                        + "without sourceHost the sources are this agent's pools");
            }
            return "";
        }
        return defaults.sshCredentialsId(sshCredentialsId);
    }

    @Extension
    @Symbol("zfsSnapshotPlan")
    public static final class DescriptorImpl extends SelectionStepDescriptor {
        public DescriptorImpl() {
            super("zfsSnapshotPlan", "Plan ZFS replication (snapshots and send steps)");
        }

        @POST
        public FormValidation doCheckSourceHost(@AncestorInPath Item item, @QueryParameter String value) {
            return FormChecks.answer(item, () -> FieldChecks.optionalHost(value));
        }
    }
}
