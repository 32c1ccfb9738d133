package jenkins.model;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/ModelObjectWithChildren.java
 * (real: extends ModelObjectWithContextMenu). Placeholder supertype: declared empty; its own
 * supertypes are listed in docs/architecture.md.
 */
public interface ModelObjectWithChildren {
}
