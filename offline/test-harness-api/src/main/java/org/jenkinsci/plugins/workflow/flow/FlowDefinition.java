package org.jenkinsci.plugins.workflow.flow;

import hudson.ExtensionPoint;
import hudson.model.AbstractDescribableImpl;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/workflow-api-plugin
 * src/main/java/org/jenkinsci/plugins/workflow/flow/FlowDefinition.java ('abstract class
 * FlowDefinition extends AbstractDescribableImpl<FlowDefinition> implements ExtensionPoint').
 * Placeholder: parameter type of WorkflowJob.setDefinition; its members (create, getDescriptor)
 * are omitted.
 */
public abstract class FlowDefinition extends AbstractDescribableImpl<FlowDefinition> implements ExtensionPoint {
}
