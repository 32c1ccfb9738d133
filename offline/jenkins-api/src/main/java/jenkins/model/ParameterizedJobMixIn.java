package jenkins.model;

import hudson.model.BuildableItem;
import hudson.model.Job;
import hudson.model.Queue;
import hudson.model.Run;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/ParameterizedJobMixIn.java
 * ('abstract class ParameterizedJobMixIn<JobT extends Job<JobT, RunT> &
 * ParameterizedJobMixIn.ParameterizedJob<JobT, RunT> & Queue.Task, RunT extends Run<JobT, RunT> &
 * Queue.Executable>'; nested 'interface ParameterizedJob<same bounds> extends BuildableItem,
 * TriggeredItem'). Only the type parameters and ParameterizedJob, which the bounds of
 * JenkinsRule.buildAndAssertSuccess name; TriggeredItem and all members are omitted.
 */
public abstract class ParameterizedJobMixIn<
        JobT extends Job<JobT, RunT> & ParameterizedJobMixIn.ParameterizedJob<JobT, RunT> & Queue.Task,
        RunT extends Run<JobT, RunT> & Queue.Executable> {

    /** Marker for jobs built through the mixin (WorkflowJob, AbstractProject). */
    public interface ParameterizedJob<
            JobT extends Job<JobT, RunT> & ParameterizedJobMixIn.ParameterizedJob<JobT, RunT> & Queue.Task,
            RunT extends Run<JobT, RunT> & Queue.Executable> extends BuildableItem {
    }
}
