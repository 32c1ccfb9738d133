package com.cloudbees.plugins.credentials;

import hudson.model.AbstractDescribableImpl;
import com.cloudbees.plugins.credentials.domains.Domain;
import java.util.List;
import java.util.Map;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/SystemCredentialsProvider.java
 * at commit d96751bc ('@Extension public class SystemCredentialsProvider extends
 * AbstractDescribableImpl&lt;SystemCredentialsProvider&gt; implements Saveable'; Saveable omitted).
 * Its public constructor, getInstance(), getCredentials() (the global domain's list), to which
 * PermissionsITest adds an ssh key, and setDomainCredentialsMap (synchronized), with which it puts one
 * in a domain of its own.
 */
public class SystemCredentialsProvider extends AbstractDescribableImpl<SystemCredentialsProvider> {
    public SystemCredentialsProvider() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static SystemCredentialsProvider getInstance() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public List<Credentials> getCredentials() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public synchronized void setDomainCredentialsMap(Map<Domain, List<Credentials>> domainCredentialsMap) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
