package org.jenkinsci.plugins.workflow.actions;

import hudson.model.Action;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/workflow-api-plugin
 * src/main/java/org/jenkinsci/plugins/workflow/actions/PersistentAction.java at 1413.v2ff1a_5e720fa_
 * ('public interface PersistentAction extends Action', a marker). Placeholder supertype of WarningAction.
 */
public interface PersistentAction extends Action {
}
