package hudson.model;

import jenkins.model.FullyNamedModelObject;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/ItemGroup.java at tag
 * jenkins-2.541.3 ('interface ItemGroup&lt;T extends Item&gt; extends FullyNamed,
 * FullyNamedModelObject, PersistenceRoot'; FullyNamed omitted). Placeholder: its members are
 * omitted (parameter type of the AbstractItem and Job constructors).
 */
public interface ItemGroup<T extends Item> extends FullyNamedModelObject, PersistenceRoot {
}
