package hudson.model;

import hudson.ExtensionPoint;
import jenkins.model.ModelObjectWithChildren;
import jenkins.widgets.HasWidgets;
import org.kohsuke.stapler.StaplerOverridable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Job.java ('Job<JobT extends
 * Job<JobT, RunT>, RunT extends Run<JobT, RunT>> extends AbstractItem implements ExtensionPoint,
 * StaplerOverridable, ModelObjectWithChildren, HasWidgets'). Constructors are replaced by a
 * package-private one: the plugin never creates or subclasses this type.
 */
public abstract class Job<JobT extends Job<JobT, RunT>, RunT extends Run<JobT, RunT>>
        extends AbstractItem implements ExtensionPoint, StaplerOverridable, ModelObjectWithChildren, HasWidgets {
    Job() {
        // package-private on purpose, see the class comment
    }
}
