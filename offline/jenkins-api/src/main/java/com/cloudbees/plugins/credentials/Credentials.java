package com.cloudbees.plugins.credentials;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.ExtensionPoint;
import hudson.model.Describable;
import java.io.Serializable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/
 * Credentials.java ('interface Credentials extends Describable&lt;Credentials&gt;, Serializable,
 * ExtensionPoint'); both abstract members declared.
 */
public interface Credentials extends Describable<Credentials>, Serializable, ExtensionPoint {
    @CheckForNull
    CredentialsScope getScope();

    @NonNull
    @Override
    CredentialsDescriptor getDescriptor();
}
