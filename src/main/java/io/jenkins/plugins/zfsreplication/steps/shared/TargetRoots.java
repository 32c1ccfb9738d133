package io.jenkins.plugins.zfsreplication.steps.shared;

import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.TargetScope;
import io.jenkins.plugins.zfsreplication.prune.PruneReport;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * The controller's side of {@link TargetScope}: a step that acts on a target agent names the target
 * root it may change there, and what the source's agent wrote (plan.json, the prune report) is
 * checked against it on the controller before anything is sent to the target agent.
 */
public final class TargetRoots {
    private TargetRoots() {
    }

    /** The scope of a step with a target agent; null without one (nothing runs on another agent). */
    public static TargetScope scope(String step, String targetAgent, String targetRoot) throws AbortException {
        if (targetAgent == null || targetAgent.isBlank()) {
            return null;
        }
        if (targetRoot == null || targetRoot.isBlank()) {
            throw new AbortException(String.format("%s: targetAgent '%s' needs targetRoot, the dataset on that agent "
                    + "the plan may change (the plan comes from this agent's workspace and is not trusted there)", step,
                    targetAgent.strip()));
        }
        try {
            return new TargetScope(step, DatasetName.of(targetRoot.strip()));
        } catch (ZfsException e) {
            throw new AbortException(step + ": targetRoot: " + e.getMessage());
        }
    }

    /** {@code planJson} (as read from the workspace) once every target it names is in {@code scope}. */
    public static String checkPlan(TargetScope scope, String planJson, String planFile) throws AbortException {
        try {
            scope.check(PlanJson.read(planJson, planFile), planFile);
            return planJson;
        } catch (ZfsException e) {
            throw new AbortException(e.getMessage());
        }
    }

    /** {@code report} (from the source's agent) once every target-side decision is in {@code scope}. */
    public static PruneReport checkReport(TargetScope scope, PruneReport report) throws AbortException {
        try {
            return report.checkTarget(scope, "the prune report from the source's agent");
        } catch (ZfsException e) {
            throw new AbortException(e.getMessage());
        }
    }
}
