package io.jenkins.plugins.zfsreplication.steps.shared;

import java.util.Map;

import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.SynchronousNonBlockingStepExecution;

/**
 * Runs a step's {@link StepRunner} off the CPS thread; the work itself happens on agents. An abort
 * interrupts this thread, which the runners pass on to the agents (every pipeline process ends).
 */
final class ZfsStepExecution extends SynchronousNonBlockingStepExecution<Map<String, Object>> {
    private static final long serialVersionUID = 1L;
    private final StepRunner runner;

    ZfsStepExecution(StepContext context, StepRunner runner) {
        super(context);
        this.runner = runner;
    }

    @Override
    protected Map<String, Object> run() throws Exception {
        StepContext context = getContext();
        return StepRunner.runAudited(runner, context.get(Run.class), context.get(FilePath.class),
                context.get(Launcher.class), context.get(TaskListener.class));
    }
}
