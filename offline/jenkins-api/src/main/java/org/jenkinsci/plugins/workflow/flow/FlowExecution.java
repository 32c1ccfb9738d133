package org.jenkinsci.plugins.workflow.flow;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/workflow-api-plugin
 * src/main/java/org/jenkinsci/plugins/workflow/flow/FlowExecution.java at 1413.v2ff1a_5e720fa_
 * ('public abstract class FlowExecution implements FlowActionStorage, GraphLookupView', no
 * constructor declared; both supertypes omitted). Placeholder: a parameter type of FlowNode's
 * constructor.
 */
public abstract class FlowExecution {
    public FlowExecution() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
