package hudson.tasks;

import hudson.Launcher;
import hudson.model.AbstractBuild;
import hudson.model.AbstractProject;
import hudson.model.Action;
import hudson.model.BuildListener;
import java.io.IOException;
import java.util.Collection;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins
 * core/src/main/java/hudson/tasks/BuildStepCompatibilityLayer.java (@Deprecated abstract class
 * implementing BuildStep). The overloads taking the legacy Build/Project types are omitted.
 */
@Deprecated
public abstract class BuildStepCompatibilityLayer implements BuildStep {
    @Override
    public boolean prebuild(AbstractBuild<?, ?> build, BuildListener listener) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public boolean perform(AbstractBuild<?, ?> build, Launcher launcher, BuildListener listener)
            throws InterruptedException, IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public Action getProjectAction(AbstractProject<?, ?> project) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public Collection<? extends Action> getProjectActions(AbstractProject<?, ?> project) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
