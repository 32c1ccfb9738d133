package hudson.model;

import hudson.security.AccessControlled;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/ViewGroup.java at tag jenkins-2.541.3
 * ('public interface ViewGroup extends Saveable, ModelObject, AccessControlled'). Placeholder supertype: its members are omitted.
 */
public interface ViewGroup extends Saveable, ModelObject, AccessControlled {
}
