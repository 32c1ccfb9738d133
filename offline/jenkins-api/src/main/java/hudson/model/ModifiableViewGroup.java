package hudson.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/ModifiableViewGroup.java.
 * Placeholder supertype: declared empty; its own supertypes are listed in docs/architecture.md.
 */
public interface ModifiableViewGroup {
}
