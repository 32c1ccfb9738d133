package org.jvnet.hudson.test;

import jenkins.security.QueueItemAuthenticator;
import org.springframework.security.core.Authentication;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins-test-harness src/main/java/org/jvnet/hudson/test/MockQueueItemAuthenticator.java
 * at tag 2573.vd91b_8a_43e019 ('public final class MockQueueItemAuthenticator extends
 * QueueItemAuthenticator'). Only its no-argument constructor and authenticate(String, Authentication),
 * with which PermissionsITest gives a job's builds a user's authentication; the deprecated
 * constructor, authenticate2(Queue.Item) and the nested DescriptorImpl are omitted.
 */
public final class MockQueueItemAuthenticator extends QueueItemAuthenticator {
    public MockQueueItemAuthenticator() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public MockQueueItemAuthenticator authenticate(String jobFullName, Authentication authentication) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
