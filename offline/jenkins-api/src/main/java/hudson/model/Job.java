package hudson.model;

import hudson.ExtensionPoint;
import jenkins.model.ModelObjectWithChildren;
import jenkins.widgets.HasWidgets;
import org.kohsuke.stapler.StaplerOverridable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Job.java ('Job<JobT extends
 * Job<JobT, RunT>, RunT extends Run<JobT, RunT>> extends AbstractItem implements ExtensionPoint,
 * StaplerOverridable, ModelObjectWithChildren, HasWidgets'). The constructor is empty: only the
 * stand-ins of real subclasses (WorkflowJob in offline/test-harness-api) call it.
 */
public abstract class Job<JobT extends Job<JobT, RunT>, RunT extends Run<JobT, RunT>>
        extends AbstractItem implements ExtensionPoint, StaplerOverridable, ModelObjectWithChildren, HasWidgets {
    protected Job(ItemGroup parent, String name) {
        super(parent, name);
    }
}
