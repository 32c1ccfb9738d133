package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/ItemGroup.java ('interface
 * ItemGroup<T extends Item> extends PersistenceRoot, ModelObject'). Placeholder: its members are
 * omitted (parameter type of the AbstractItem and Job constructors).
 */
public interface ItemGroup<T extends Item> extends PersistenceRoot, ModelObject {
}
