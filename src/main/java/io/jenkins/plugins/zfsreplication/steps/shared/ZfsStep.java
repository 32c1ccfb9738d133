package io.jenkins.plugins.zfsreplication.steps.shared;

import org.jenkinsci.plugins.workflow.steps.Step;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepExecution;

/**
 * A zfs Pipeline step: its data-bound fields make a {@link StepRunner}, which runs off the CPS
 * thread. The step's freestyle builder holds the step and runs the same runner.
 */
public abstract class ZfsStep extends Step {
    /** The step's work; throws with the field's problem when a field is invalid, before any agent work. */
    public abstract StepRunner runner();

    @Override
    public final StepExecution start(StepContext context) {
        return new ZfsStepExecution(context, getDescriptor().getFunctionName(), runner());
    }
}
