package hudson.model;

import hudson.ExtensionPoint;
import jenkins.model.ModelObjectWithChildren;
import jenkins.widgets.HasWidgets;
import org.kohsuke.stapler.StaplerOverridable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Job.java ('Job<JobT extends
 * Job<JobT, RunT>, RunT extends Run<JobT, RunT>> extends AbstractItem implements ExtensionPoint,
 * StaplerOverridable, ModelObjectWithChildren, HasWidgets'; getLastBuild, getLastSuccessfulBuild and
 * getLastCompletedBuild as there, without their @Exported/@QuickSilver). The constructor is empty: only
 * the stand-ins of real subclasses (WorkflowJob in offline/test-harness-api) call it.
 */
public abstract class Job<JobT extends Job<JobT, RunT>, RunT extends Run<JobT, RunT>>
        extends AbstractItem implements ExtensionPoint, StaplerOverridable, ModelObjectWithChildren, HasWidgets {
    protected Job(ItemGroup parent, String name) {
        super(parent, name);
    }

    public RunT getLastBuild() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public RunT getLastSuccessfulBuild() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public RunT getLastCompletedBuild() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
