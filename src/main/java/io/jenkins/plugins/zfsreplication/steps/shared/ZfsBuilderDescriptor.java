package io.jenkins.plugins.zfsreplication.steps.shared;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.AbstractProject;
import hudson.tasks.BuildStepDescriptor;
import hudson.tasks.Builder;

/** The descriptor of a {@link ZfsStepBuilder}: offered for every project type, named as its step. */
public abstract class ZfsBuilderDescriptor extends BuildStepDescriptor<Builder> {
    private final String displayName;

    protected ZfsBuilderDescriptor(String displayName) {
        this.displayName = displayName;
    }

    @Override
    public final boolean isApplicable(Class<? extends AbstractProject> jobType) {
        return true;
    }

    @NonNull
    @Override
    public final String getDisplayName() {
        return displayName;
    }
}
