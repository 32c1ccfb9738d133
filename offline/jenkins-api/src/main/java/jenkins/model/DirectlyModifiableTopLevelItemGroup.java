package jenkins.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/DirectlyModifiableTopLevelItemGroup.java at tag jenkins-2.541.3
 * ('public interface DirectlyModifiableTopLevelItemGroup extends ModifiableTopLevelItemGroup'). Placeholder supertype: its members are omitted.
 */
public interface DirectlyModifiableTopLevelItemGroup extends ModifiableTopLevelItemGroup {
}
