package org.jenkinsci.remoting;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/remoting src/main/java/org/jenkinsci/remoting/RoleSensitive.java @
 * ee6f8cc1.
 */
public interface RoleSensitive {
    void checkRoles(RoleChecker checker) throws SecurityException;
}
