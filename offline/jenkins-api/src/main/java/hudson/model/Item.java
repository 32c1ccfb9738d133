package hudson.model;

import hudson.search.SearchableModelObject;
import hudson.security.AccessControlled;
import hudson.security.Permission;
import jenkins.util.io.OnMaster;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Item.java ('interface Item
 * extends PersistenceRoot, SearchableModelObject, AccessControlled, OnMaster'). READ, CONFIGURE and
 * EXTENDED_READ are null here (see Permission).
 */
public interface Item extends PersistenceRoot, SearchableModelObject, AccessControlled, OnMaster {
    /** Seeing the item at all (its page, its builds' artifacts). */
    Permission READ = null;

    Permission CONFIGURE = null;

    /** Seeing a job's configuration without changing it (credentials dropdowns list ids for it). */
    Permission EXTENDED_READ = null;

    String getFullName();
}
