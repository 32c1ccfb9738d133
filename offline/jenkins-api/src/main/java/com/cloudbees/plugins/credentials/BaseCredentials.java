package com.cloudbees.plugins.credentials;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/BaseCredentials.java
 * at commit d96751bc ('@ExportedBean public class BaseCredentials implements Credentials',
 * serialVersionUID 1). The public constructor with a scope, getScope() and getDescriptor() (it
 * implements Credentials'); the protected no-argument constructor is omitted. A superclass of
 * ssh-credentials' BasicSSHUserPrivateKey, which PermissionsITest stores.
 */
public class BaseCredentials implements Credentials {
    private static final long serialVersionUID = 1L;

    public BaseCredentials(@CheckForNull CredentialsScope scope) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public CredentialsScope getScope() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public CredentialsDescriptor getDescriptor() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
