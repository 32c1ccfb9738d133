package io.jenkins.plugins.zfsreplication.steps.plan;

import io.jenkins.plugins.zfsreplication.steps.shared.SelectionStep;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionStepDescriptor;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import hudson.Extension;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

/**
 * {@code zfsSnapshotPlan sources: 'tank/home', recursive: true, targetRoot: 'backup/home'}: plans on
 * the current agent (the source host), the target listed over ssh ({@code targetHost}) or on this
 * agent; plan.json and plan.txt are archived. Returns a map: summary, datasets, toSend, upToDate,
 * skipped, problems, steps.
 */
public final class ZfsSnapshotPlanStep extends SelectionStep {
    private boolean snapshotNow;
    private boolean allowRollback;

    @DataBoundConstructor
    public ZfsSnapshotPlanStep(String sources, String targetRoot) {
        super(sources, targetRoot, PlanSettings.DEFAULT_PREFIX);
    }

    public boolean isSnapshotNow() { return snapshotNow; }
    public boolean isAllowRollback() { return allowRollback; }

    @DataBoundSetter public void setSnapshotNow(boolean snapshotNow) { this.snapshotNow = snapshotNow; }
    @DataBoundSetter public void setAllowRollback(boolean allowRollback) { this.allowRollback = allowRollback; }

    PlanSettings settings() {
        return new PlanSettings(getSources(), isRecursive(), getTargetRoot(), getTargetHost(), getIncludes(),
                getExcludes(), getPrefix(), snapshotNow, allowRollback);
    }

    @Override
    public StepRunner runner() {
        return new PlanRunner(settings(), getTargetAgent());
    }

    @Extension
    @Symbol("zfsSnapshotPlan")
    public static final class DescriptorImpl extends SelectionStepDescriptor {
        public DescriptorImpl() {
            super("zfsSnapshotPlan", "Plan ZFS replication (snapshots and send steps)");
        }
    }
}
