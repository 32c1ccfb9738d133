package io.jenkins.plugins.zfsreplication.steps.shared;

import java.io.IOException;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.EnvVars;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.tasks.Builder;
import jenkins.tasks.SimpleBuildStep;

/**
 * The freestyle form of a zfs step: it holds the Pipeline step itself as its one value (its
 * config.jelly nests the step's form), so the options, their defaults, help and form checks exist
 * once, and it runs the step's {@link StepRunner}, the code path the Pipeline execution runs.
 */
public abstract class ZfsStepBuilder extends Builder implements SimpleBuildStep {
    /** The step this builder holds. */
    protected abstract ZfsStep step();

    @Override
    public final void perform(@NonNull Run<?, ?> run, @NonNull FilePath workspace, @NonNull EnvVars env,
                              @NonNull Launcher launcher, @NonNull TaskListener listener)
            throws InterruptedException, IOException {
        StepRunner.runAudited(step().runner(), run, workspace, launcher, listener);
    }
}
