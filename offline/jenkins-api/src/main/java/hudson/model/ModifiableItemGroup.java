package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/ModifiableItemGroup.java at tag jenkins-2.541.3
 * ('public interface ModifiableItemGroup<T extends Item> extends ItemGroup<T>'). Placeholder supertype: its members are omitted.
 */
public interface ModifiableItemGroup<T extends Item> extends ItemGroup<T> {
}
