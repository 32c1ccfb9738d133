package hudson.security;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.ExtensionPoint;
import hudson.model.Describable;
import hudson.model.Node;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/security/AuthorizationStrategy.java at
 * tag jenkins-2.541.3 ('@StaplerAccessibleType public abstract class AuthorizationStrategy implements
 * Describable&lt;AuthorizationStrategy&gt;, ExtensionPoint'; its constructor is the implicit public
 * one). Only getACL(Node) (not final; by default the root ACL), which PermissionsITest's strategy
 * overrides to take Agent/Build on one agent from one user; the abstract getRootACL() and getGroups()
 * are omitted (MockAuthorizationStrategy implements them in the root build).
 */
public abstract class AuthorizationStrategy implements Describable<AuthorizationStrategy>, ExtensionPoint {
    public AuthorizationStrategy() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public @NonNull ACL getACL(@NonNull Node node) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
