package org.jenkinsci.plugins.workflow.job;

import hudson.model.Run;
import java.io.IOException;
import org.jenkinsci.plugins.workflow.flow.FlowExecutionOwner;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/workflow-job-plugin
 * src/main/java/org/jenkinsci/plugins/workflow/job/WorkflowRun.java ('final class WorkflowRun extends
 * Run<WorkflowJob,WorkflowRun> implements FlowExecutionOwner.Executable,
 * LazyBuildMixIn.LazyLoadingRun<WorkflowJob,WorkflowRun>, RunWithSCM<WorkflowJob,WorkflowRun>').
 * LazyLoadingRun and RunWithSCM are omitted. What the ITests read (artifacts, actions, the
 * artifact manager) is inherited from the Run stand-in.
 */
public final class WorkflowRun extends Run<WorkflowJob, WorkflowRun> implements FlowExecutionOwner.Executable {
    public WorkflowRun(WorkflowJob job) throws IOException {
        super(job);
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
