package org.jenkinsci.plugins.workflow.job;

import hudson.model.ItemGroup;
import hudson.model.Job;
import hudson.model.Queue;
import hudson.model.TopLevelItem;
import jenkins.model.ParameterizedJobMixIn;
import org.jenkinsci.plugins.workflow.flow.FlowDefinition;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/workflow-job-plugin
 * src/main/java/org/jenkinsci/plugins/workflow/job/WorkflowJob.java ('final class WorkflowJob
 * extends Job<WorkflowJob,WorkflowRun> implements LazyBuildMixIn.LazyLoadingJob<WorkflowJob,WorkflowRun>,
 * ParameterizedJobMixIn.ParameterizedJob<WorkflowJob, WorkflowRun>, TopLevelItem,
 * Queue.FlyweightTask, SCMTriggerItem'). LazyLoadingJob and SCMTriggerItem are omitted (dropping a
 * supertype can only make offline compilation stricter). Tests get jobs from
 * JenkinsRule.createProject; the constructor is the real one.
 */
public final class WorkflowJob extends Job<WorkflowJob, WorkflowRun>
        implements ParameterizedJobMixIn.ParameterizedJob<WorkflowJob, WorkflowRun>, TopLevelItem, Queue.FlyweightTask {
    public WorkflowJob(ItemGroup parent, String name) {
        super(parent, name);
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public FlowDefinition getDefinition() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void setDefinition(FlowDefinition definition) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
