package com.cloudbees.plugins.credentials.impl;

import com.cloudbees.plugins.credentials.BaseCredentials;
import com.cloudbees.plugins.credentials.CredentialsScope;
import com.cloudbees.plugins.credentials.common.StandardCredentials;
import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/impl/BaseStandardCredentials.java
 * at commit d96751bc ('@ExportedBean public abstract class BaseStandardCredentials extends
 * BaseCredentials implements StandardCredentials'; no serialVersionUID). The constructor with a
 * scope, getDescription() and getId() (it implements StandardCredentials'); the other constructor,
 * the final equals/hashCode and the descriptor are omitted.
 */
public abstract class BaseStandardCredentials extends BaseCredentials implements StandardCredentials {
    public BaseStandardCredentials(@CheckForNull CredentialsScope scope, @CheckForNull String id,
                                   @CheckForNull String description) {
        super(scope);
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public String getDescription() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public String getId() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
