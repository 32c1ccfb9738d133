package hudson.model.labels;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Action;
import hudson.model.Label;
import hudson.model.queue.SubTask;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/labels/LabelAssignmentAction.java
 * ('interface LabelAssignmentAction extends Action'; its one member).
 */
public interface LabelAssignmentAction extends Action {
    Label getAssignedLabel(@NonNull SubTask task);
}
