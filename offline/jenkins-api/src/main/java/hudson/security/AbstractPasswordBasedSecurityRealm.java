package hudson.security;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/security/AbstractPasswordBasedSecurityRealm.java
 * at tag jenkins-2.541.3 ('public abstract class AbstractPasswordBasedSecurityRealm extends
 * SecurityRealm'; its constructor is the implicit public one). Placeholder: the superclass of the
 * harness's JenkinsRule.DummySecurityRealm.
 */
public abstract class AbstractPasswordBasedSecurityRealm extends SecurityRealm {
    public AbstractPasswordBasedSecurityRealm() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
