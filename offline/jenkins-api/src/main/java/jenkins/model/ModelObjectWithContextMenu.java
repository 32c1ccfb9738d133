package jenkins.model;

import hudson.model.ModelObject;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins
 * core/src/main/java/jenkins/model/ModelObjectWithContextMenu.java ('extends ModelObject';
 * doContextMenu and nested ContextMenu omitted). Placeholder supertype: declared empty; its own
 * supertypes are listed in docs/architecture.md.
 */
public interface ModelObjectWithContextMenu extends ModelObject {
}
