package io.jenkins.plugins.zfsreplication.steps.plan;

import io.jenkins.plugins.zfsreplication.steps.ZfsReplicationConfiguration;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionStep;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionStepDescriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import hudson.Extension;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

/**
 * {@code zfsSnapshotPlan sources: 'tank/home', recursive: true, targetRoot: 'backup/home'}: plans on
 * the current agent (the source host, or with {@code sourceHost} the backup host pulling from the
 * source over ssh), the target listed over ssh ({@code targetHost}) or on this agent; plan.json and
 * plan.txt are archived. Returns a map: summary, snapshot (the one taken, "" for none), datasets, toSend,
 * upToDate, skipped, problems, steps, sent (source, target, name of each dataset sent), problemDatasets,
 * outcomes (how many datasets came out each way) and datasetOutcomes (each with its outcome and reason). A
 * dataset that needs attention (diverged, refused, a bad property value or name; never one the backup
 * host excluded) marks the build UNSTABLE, or fails it with {@code failOnProblems}.
 */
public final class ZfsSnapshotPlanStep extends SelectionStep {
    private boolean snapshotNow;
    private boolean allowRollback;
    private boolean failOnProblems; // a dataset that needs attention fails the build; without: UNSTABLE

    @DataBoundConstructor
    public ZfsSnapshotPlanStep(String sources, String targetRoot) {
        super(sources, targetRoot, PlanSettings.DEFAULT_PREFIX);
    }

    public boolean isSnapshotNow() { return snapshotNow; }
    public boolean isAllowRollback() { return allowRollback; }
    public boolean isFailOnProblems() { return failOnProblems; }

    @DataBoundSetter public void setSnapshotNow(boolean snapshotNow) { this.snapshotNow = snapshotNow; }
    @DataBoundSetter public void setAllowRollback(boolean allowRollback) { this.allowRollback = allowRollback; }
    @DataBoundSetter public void setFailOnProblems(boolean failOnProblems) { this.failOnProblems = failOnProblems; }

    PlanSettings settings() {
        return new PlanSettings(datasets(), target(), pullSource(), snapshotNow, allowRollback);
    }

    @Override
    public StepRunner runner() {
        return runner(pullSource().destination() == null ? StepDefaults.BUILT_IN : ZfsReplicationConfiguration.current());
    }

    /** The step's work with its credential, where it leaves it empty, taken from {@code defaults}. */
    public StepRunner runner(StepDefaults defaults) {
        return new PlanRunner(settings(), getTargetAgent(), pullCredentialsId("zfsSnapshotPlan", defaults), failOnProblems);
    }

    @Extension
    @Symbol("zfsSnapshotPlan")
    public static final class DescriptorImpl extends SelectionStepDescriptor {
        public DescriptorImpl() {
            super("zfsSnapshotPlan", "Plan ZFS replication (snapshots and send steps)");
        }
    }
}
