package org.jenkinsci.plugins.workflow.graph;

import hudson.model.Actionable;
import hudson.model.Saveable;
import java.util.List;
import org.jenkinsci.plugins.workflow.flow.FlowExecution;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/workflow-api-plugin
 * src/main/java/org/jenkinsci/plugins/workflow/graph/FlowNode.java at 1413.v2ff1a_5e720fa_
 * ('public abstract class FlowNode extends Actionable implements Saveable'): a step's node in the
 * Pipeline graph, from the step's context. One of its real constructors (a class must have one);
 * the plugin adds an action to it, through Actionable.
 */
public abstract class FlowNode extends Actionable implements Saveable {
    protected FlowNode(FlowExecution exec, String id, List<FlowNode> parents) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
