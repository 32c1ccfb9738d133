package hudson.tasks;

import hudson.model.Describable;
import hudson.model.Descriptor;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/tasks/Publisher.java at tag
 * jenkins-2.541.3 ('abstract class Publisher extends BuildStepCompatibilityLayer implements
 * Describable<Publisher>'): supertype of Recorder (for Fingerprinter); only getDescriptor(), which
 * Describable requires.
 */
@SuppressWarnings("deprecation") // the real Publisher extends the deprecated compatibility layer too
public abstract class Publisher extends BuildStepCompatibilityLayer implements Describable<Publisher> {
    protected Publisher() {
    }

    @Override
    public Descriptor<Publisher> getDescriptor() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
