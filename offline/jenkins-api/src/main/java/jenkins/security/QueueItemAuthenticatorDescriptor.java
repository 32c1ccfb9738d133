package jenkins.security;

import hudson.model.Descriptor;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/security/QueueItemAuthenticatorDescriptor.java
 * at tag jenkins-2.541.3 ('public abstract class QueueItemAuthenticatorDescriptor extends
 * Descriptor&lt;QueueItemAuthenticator&gt;'; its constructor is the implicit public one).
 * Placeholder: a type argument of QueueItemAuthenticatorConfiguration.getAuthenticators().
 */
public abstract class QueueItemAuthenticatorDescriptor extends Descriptor<QueueItemAuthenticator> {
    public QueueItemAuthenticatorDescriptor() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
