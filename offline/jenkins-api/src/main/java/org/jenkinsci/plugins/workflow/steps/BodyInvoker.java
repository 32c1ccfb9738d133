package org.jenkinsci.plugins.workflow.steps;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/workflow-step-api-plugin
 * src/main/java/org/jenkinsci/plugins/workflow/steps/BodyInvoker.java (return type of
 * StepContext.newBodyInvoker(); members omitted, the plugin's steps take no body).
 */
public abstract class BodyInvoker {
}
