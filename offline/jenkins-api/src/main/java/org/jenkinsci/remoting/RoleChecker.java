package org.jenkinsci.remoting;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/remoting src/main/java/org/jenkinsci/remoting/RoleChecker.java @
 * 14ad62c1. The check(...) methods are omitted: the plugin never calls them (MasterToSlave* do).
 */
public abstract class RoleChecker {
}
