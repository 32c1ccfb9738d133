package hudson.tasks;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Launcher;
import hudson.model.AbstractBuild;
import hudson.model.AbstractProject;
import hudson.model.Action;
import hudson.model.BuildListener;
import java.io.IOException;
import java.util.Collection;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/tasks/BuildStep.java (members as
 * declared at tag jenkins-2.541.3; the deprecated BUILDERS/PUBLISHERS lists are omitted).
 */
public interface BuildStep {
    boolean prebuild(AbstractBuild<?, ?> build, BuildListener listener);

    boolean perform(AbstractBuild<?, ?> build, Launcher launcher, BuildListener listener)
            throws InterruptedException, IOException;

    @Deprecated
    Action getProjectAction(AbstractProject<?, ?> project);

    @NonNull
    Collection<? extends Action> getProjectActions(AbstractProject<?, ?> project);

    default BuildStepMonitor getRequiredMonitorService() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
