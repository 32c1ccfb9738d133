package io.jenkins.plugins.zfsreplication.steps.plan;

import io.jenkins.plugins.zfsreplication.steps.ZfsReplicationConfiguration;
import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.FormChecks;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionStep;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionStepDescriptor;
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
 * plan.txt are archived. Returns a map: summary, snapshot (the one taken, "" for none), datasets, toSend,
 * upToDate, skipped, problems, steps, sent (source, target, name of each dataset sent), problemDatasets. A
 * diverged or refused dataset marks the build UNSTABLE, or fails it with {@code failOnProblems}.
 */
public final class ZfsSnapshotPlanStep extends SelectionStep {
    private boolean snapshotNow;
    private boolean allowRollback;
    private boolean failOnProblems; // a diverged or refused dataset fails the build; without: UNSTABLE
    private String sourceHost; // pull: the source over ssh; blank: this agent's pools
    private String sshOptions; // ssh client arguments for sourceHost
    private String sshCredentialsId; // for sourceHost; blank: the system default, then the agent user's keys

    @DataBoundConstructor
    public ZfsSnapshotPlanStep(String sources, String targetRoot) {
        super(sources, targetRoot, PlanSettings.DEFAULT_PREFIX);
    }

    public boolean isSnapshotNow() { return snapshotNow; }
    public boolean isAllowRollback() { return allowRollback; }
    public boolean isFailOnProblems() { return failOnProblems; }
    public String getSourceHost() { return sourceHost; }
    public String getSshOptions() { return sshOptions; }
    public String getSshCredentialsId() { return sshCredentialsId; }

    @DataBoundSetter public void setSnapshotNow(boolean snapshotNow) { this.snapshotNow = snapshotNow; }
    @DataBoundSetter public void setAllowRollback(boolean allowRollback) { this.allowRollback = allowRollback; }
    @DataBoundSetter public void setFailOnProblems(boolean failOnProblems) { this.failOnProblems = failOnProblems; }
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
        PlanSettings settings = settings();
        return new PlanRunner(settings, getTargetAgent(), credentialsId(settings), failOnProblems);
    }

    /**
     * The credential for the source host: the step's, else the system's default, and only where it
     * is used (pulling from sourceHost); a credential named without sourceHost is a mistake, refused.
     */
    private String credentialsId(PlanSettings settings) {
        if (settings.sourceDestination() == null) {
            if (sshCredentialsId != null && !sshCredentialsId.isBlank()) {
                throw new IllegalArgumentException("zfsSnapshotPlan: sshCredentialsId is for sourceHost (pull); "
                        + "without sourceHost the sources are this agent's pools");
            }
            return "";
        }
        return ZfsReplicationConfiguration.current().sshCredentialsId(sshCredentialsId);
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
