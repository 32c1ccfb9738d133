package jenkins.security;

import hudson.ExtensionPoint;
import hudson.model.Describable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/security/QueueItemAuthenticator.java at
 * tag jenkins-2.541.3 ('public abstract class QueueItemAuthenticator implements
 * Describable&lt;QueueItemAuthenticator&gt;, ExtensionPoint'; its constructor is the implicit public
 * one). Placeholder: the superclass of the harness's MockQueueItemAuthenticator.
 */
public abstract class QueueItemAuthenticator implements Describable<QueueItemAuthenticator>, ExtensionPoint {
    public QueueItemAuthenticator() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
