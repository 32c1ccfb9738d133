package org.jenkinsci.plugins.workflow.actions;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Result;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/workflow-api-plugin
 * src/main/java/org/jenkinsci/plugins/workflow/actions/WarningAction.java at 1413.v2ff1a_5e720fa_
 * ('public class WarningAction implements PersistentAction'): what marks a step's stage UNSTABLE in
 * Pipeline views. Its constructor, withMessage, and the Action members it implements.
 */
public class WarningAction implements PersistentAction {
    public WarningAction(@NonNull Result result) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public WarningAction withMessage(String message) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public String getDisplayName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public String getIconFileName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public String getUrlName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
