package org.jenkinsci.plugins.workflow.steps;

import edu.umd.cs.findbugs.annotations.NonNull;
import edu.umd.cs.findbugs.annotations.CheckForNull;
import java.io.Serializable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/workflow-step-api-plugin
 * src/main/java/org/jenkinsci/plugins/workflow/steps/StepExecution.java @ 899e07e9 ('abstract
 * class StepExecution implements Serializable'). The constructors are empty so that the plugin's
 * executions can be built in offline tests; getContext() throws.
 */
public abstract class StepExecution implements Serializable {
    private static final long serialVersionUID = 1L;

    @Deprecated
    protected StepExecution() {
        // empty: see the class comment
    }

    protected StepExecution(@NonNull StepContext context) {
        // empty: see the class comment
    }

    @NonNull
    public StepContext getContext() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public abstract boolean start() throws Exception;

    public void stop(@NonNull Throwable cause) throws Exception {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void onResume() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public String getStatus() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public boolean blocksRestart() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
