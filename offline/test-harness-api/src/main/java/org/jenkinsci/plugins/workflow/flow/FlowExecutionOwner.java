package org.jenkinsci.plugins.workflow.flow;

import hudson.model.Queue;
import java.io.Serializable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/workflow-api-plugin
 * src/main/java/org/jenkinsci/plugins/workflow/flow/FlowExecutionOwner.java ('abstract class
 * FlowExecutionOwner implements Serializable'; nested 'interface Executable extends
 * Queue.Executable'). Placeholder: only Executable, through which WorkflowRun is a
 * Queue.Executable (the bound of JenkinsRule.buildAndAssertSuccess); all members omitted.
 */
public abstract class FlowExecutionOwner implements Serializable {
    private static final long serialVersionUID = 1796027762257567194L;

    /** Real member asFlowExecutionOwner() omitted. */
    public interface Executable extends Queue.Executable {
    }
}
