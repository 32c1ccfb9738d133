package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/BuildableItem.java ('interface
 * BuildableItem extends Item, Queue.Task'). Placeholder: the scheduleBuild members are omitted.
 * It is here because ParameterizedJob extends it, which makes every ParameterizedJob a
 * Queue.Task, as the bounds of ParameterizedJobMixIn require.
 */
public interface BuildableItem extends Item, Queue.Task {
}
