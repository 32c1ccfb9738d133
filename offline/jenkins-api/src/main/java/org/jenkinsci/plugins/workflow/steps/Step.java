package org.jenkinsci.plugins.workflow.steps;

import hudson.ExtensionPoint;
import hudson.model.AbstractDescribableImpl;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/workflow-step-api-plugin
 * src/main/java/org/jenkinsci/plugins/workflow/steps/Step.java @ a2ef1d4d ('abstract class Step
 * extends AbstractDescribableImpl<Step> implements ExtensionPoint').
 */
public abstract class Step extends AbstractDescribableImpl<Step> implements ExtensionPoint {
    public abstract StepExecution start(StepContext context) throws Exception;

    @Override
    public StepDescriptor getDescriptor() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
