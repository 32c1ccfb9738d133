package hudson.search;

import hudson.model.ModelObject;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/search/SearchableModelObject.java
 * ('extends ModelObject, SearchItem'; getSearch() omitted). Placeholder supertype: declared
 * empty; its own supertypes are listed in docs/architecture.md.
 */
public interface SearchableModelObject extends ModelObject, SearchItem {
}
