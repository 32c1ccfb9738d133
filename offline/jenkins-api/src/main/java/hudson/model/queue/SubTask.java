package hudson.model.queue;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/queue/SubTask.java ('interface
 * SubTask extends ResourceActivity'). Placeholder: the parameter type of
 * LabelAssignmentAction.getAssignedLabel; supertype and members omitted.
 */
public interface SubTask {
}
