package hudson.security;

import hudson.ExtensionPoint;
import hudson.model.Describable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/security/SecurityRealm.java at tag
 * jenkins-2.541.3 ('public abstract class SecurityRealm implements Describable&lt;SecurityRealm&gt;,
 * ExtensionPoint'; its constructor is the implicit public one). Placeholder: the type of
 * Jenkins.setSecurityRealm's parameter (PermissionsITest sets the harness's dummy realm).
 */
public abstract class SecurityRealm implements Describable<SecurityRealm>, ExtensionPoint {
    public SecurityRealm() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
