package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/AbstractCIBase.java ('extends
 * Node'; its interfaces ItemGroup<TopLevelItem>, StaplerProxy, StaplerFallback, ViewGroup,
 * AccessControlled, DescriptorByNameOwner are not modelled). Placeholder supertype: declared
 * empty; its own supertypes are listed in docs/architecture.md.
 */
public abstract class AbstractCIBase extends Node {
}
