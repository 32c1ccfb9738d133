package jenkins.model;

import hudson.model.ModifiableItemGroup;
import hudson.model.TopLevelItem;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/ModifiableTopLevelItemGroup.java at tag jenkins-2.541.3
 * ('public interface ModifiableTopLevelItemGroup extends ModifiableItemGroup<TopLevelItem>'). Placeholder supertype: its members are omitted.
 */
public interface ModifiableTopLevelItemGroup extends ModifiableItemGroup<TopLevelItem> {
}
