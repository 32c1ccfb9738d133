package jenkins.security;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.util.DescribableList;
import jenkins.model.GlobalConfiguration;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/security/QueueItemAuthenticatorConfiguration.java
 * at tag jenkins-2.541.3 ('@Extension @Symbol("queueItemAuthenticator") public class
 * QueueItemAuthenticatorConfiguration extends GlobalConfiguration implements PersistentDescriptor';
 * PersistentDescriptor omitted; its constructor is the implicit public one). get() and
 * getAuthenticators(), to which PermissionsITest adds the harness's MockQueueItemAuthenticator.
 */
public class QueueItemAuthenticatorConfiguration extends GlobalConfiguration {
    public QueueItemAuthenticatorConfiguration() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public DescribableList<QueueItemAuthenticator, QueueItemAuthenticatorDescriptor> getAuthenticators() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static @NonNull QueueItemAuthenticatorConfiguration get() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
