package hudson.tasks;

import hudson.ExtensionPoint;
import hudson.model.Describable;
import hudson.model.Descriptor;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/tasks/Builder.java ('abstract class
 * Builder extends BuildStepCompatibilityLayer implements Describable<Builder>, ExtensionPoint');
 * prebuild(Build, ...) and all() omitted.
 */
@SuppressWarnings("deprecation") // the real Builder extends the deprecated compatibility layer too
public abstract class Builder extends BuildStepCompatibilityLayer implements Describable<Builder>, ExtensionPoint {
    @Override
    public BuildStepMonitor getRequiredMonitorService() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public Descriptor<Builder> getDescriptor() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
