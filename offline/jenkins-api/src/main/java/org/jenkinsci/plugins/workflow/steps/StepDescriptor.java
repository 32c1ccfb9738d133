package org.jenkinsci.plugins.workflow.steps;

import hudson.model.Descriptor;
import java.util.Set;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/workflow-step-api-plugin
 * src/main/java/org/jenkinsci/plugins/workflow/steps/StepDescriptor.java (current form:
 * getRequiredContext() returns Set<? extends Class<?>>; the older @ b71836c1 returned
 * Set<Class<?>>). Optional members are omitted.
 */
public abstract class StepDescriptor extends Descriptor<Step> {
    public abstract Set<? extends Class<?>> getRequiredContext();

    public abstract String getFunctionName();

    public boolean takesImplicitBlockArgument() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
