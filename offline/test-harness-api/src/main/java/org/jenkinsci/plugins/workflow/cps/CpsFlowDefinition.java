package org.jenkinsci.plugins.workflow.cps;

import hudson.model.Descriptor;
import org.jenkinsci.plugins.workflow.flow.FlowDefinition;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/workflow-cps-plugin
 * plugin/src/main/java/org/jenkinsci/plugins/workflow/cps/CpsFlowDefinition.java ('class
 * CpsFlowDefinition extends FlowDefinition'). The @DataBoundConstructor throws
 * Descriptor.FormException (since the sandbox became mandatory for non-admins): a helper that
 * builds one must declare it.
 */
public class CpsFlowDefinition extends FlowDefinition {
    public CpsFlowDefinition(String script, boolean sandbox) throws Descriptor.FormException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public String getScript() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public boolean isSandbox() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
