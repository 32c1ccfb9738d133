package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/ModifiableViewGroup.java at tag jenkins-2.541.3
 * ('public interface ModifiableViewGroup extends ViewGroup'). Placeholder supertype: its members are omitted.
 */
public interface ModifiableViewGroup extends ViewGroup {
}
