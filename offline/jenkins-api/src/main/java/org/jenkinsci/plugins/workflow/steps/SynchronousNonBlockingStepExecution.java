package org.jenkinsci.plugins.workflow.steps;

import edu.umd.cs.findbugs.annotations.NonNull;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/workflow-step-api-plugin
 * src/main/java/org/jenkinsci/plugins/workflow/steps/SynchronousNonBlockingStepExecution.java @
 * 154deb9d (start() is final there, so it is final here: the plugin cannot override it offline
 * and then fail for real).
 */
public abstract class SynchronousNonBlockingStepExecution<T> extends StepExecution {
    protected SynchronousNonBlockingStepExecution(@NonNull StepContext context) {
        super(context);
    }

    protected abstract T run() throws Exception;

    @Override
    public final boolean start() throws Exception {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public void stop(Throwable cause) throws Exception {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
