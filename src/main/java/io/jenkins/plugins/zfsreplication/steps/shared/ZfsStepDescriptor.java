package io.jenkins.plugins.zfsreplication.steps.shared;

import java.util.Set;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import org.jenkinsci.plugins.workflow.steps.StepDescriptor;

/** What every zfs step's descriptor says alike: the context a {@link StepRunner} needs, its names. */
public abstract class ZfsStepDescriptor extends StepDescriptor {
    private final String functionName;
    private final String displayName;

    protected ZfsStepDescriptor(String functionName, String displayName) {
        this.functionName = functionName;
        this.displayName = displayName;
    }

    @Override
    public final Set<? extends Class<?>> getRequiredContext() {
        return Set.of(Run.class, FilePath.class, Launcher.class, TaskListener.class);
    }

    @Override
    public final String getFunctionName() {
        return functionName;
    }

    @NonNull
    @Override
    public final String getDisplayName() {
        return displayName;
    }
}
