package jenkins.tasks;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.EnvVars;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Action;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.tasks.BuildStep;
import java.io.IOException;
import java.util.Collection;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/tasks/SimpleBuildStep.java
 * (default methods and nested LastBuildAction as at tag jenkins-2.541.3).
 */
public interface SimpleBuildStep extends BuildStep {
    @Deprecated
    default void perform(@NonNull Run<?, ?> run, @NonNull FilePath workspace, @NonNull Launcher launcher,
            @NonNull TaskListener listener) throws InterruptedException, IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    default void perform(@NonNull Run<?, ?> run, @NonNull FilePath workspace, @NonNull EnvVars env,
            @NonNull Launcher launcher, @NonNull TaskListener listener) throws InterruptedException, IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    default void perform(@NonNull Run<?, ?> run, @NonNull EnvVars env, @NonNull TaskListener listener)
            throws InterruptedException, IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    default boolean requiresWorkspace() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    interface LastBuildAction extends Action {
        Collection<? extends Action> getProjectActions();
    }
}
