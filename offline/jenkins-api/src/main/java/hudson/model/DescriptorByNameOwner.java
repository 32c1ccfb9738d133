package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/DescriptorByNameOwner.java
 * ('extends ModelObject'; the default getDescriptorByName is omitted). Placeholder supertype: the
 * plugin never uses it, so it is declared empty and without its own supertypes (except those
 * listed in docs/architecture.md).
 */
public interface DescriptorByNameOwner extends ModelObject {
}
