package hudson.model;

import hudson.search.SearchableModelObject;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/AbstractModelObject.java
 * ('abstract class AbstractModelObject implements SearchableModelObject'). Placeholder supertype:
 * declared empty; its own supertypes are listed in docs/architecture.md.
 */
public abstract class AbstractModelObject implements SearchableModelObject {
}
