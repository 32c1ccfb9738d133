package jenkins.model;

import hudson.model.ModelObject;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/ModelObjectWithChildren.java at tag jenkins-2.541.3
 * ('public interface ModelObjectWithChildren extends ModelObject'). Placeholder supertype: its members are omitted.
 */
public interface ModelObjectWithChildren extends ModelObject {
}
