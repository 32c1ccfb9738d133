package hudson.tasks;

import hudson.model.AbstractProject;
import hudson.model.Describable;
import hudson.model.Descriptor;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/tasks/BuildStepDescriptor.java
 * (signatures as at tag jenkins-2.541.3; the raw AbstractProject in isApplicable is the real
 * signature). Constructors are empty, as in Descriptor.
 */
public abstract class BuildStepDescriptor<T extends BuildStep & Describable<T>> extends Descriptor<T> {
    protected BuildStepDescriptor(Class<? extends T> clazz) {
        super(clazz);
    }

    protected BuildStepDescriptor() {
        super();
    }

    @SuppressWarnings("rawtypes") // the real signature uses the raw type
    public abstract boolean isApplicable(Class<? extends AbstractProject> jobType);
}
