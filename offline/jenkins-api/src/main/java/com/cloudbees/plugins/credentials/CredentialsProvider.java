package com.cloudbees.plugins.credentials;

import hudson.security.Permission;

import com.cloudbees.plugins.credentials.common.IdCredentials;
import com.cloudbees.plugins.credentials.domains.DomainRequirement;
import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.ExtensionPoint;
import hudson.model.Describable;
import hudson.model.Descriptor;
import hudson.model.Run;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin …/credentials/CredentialsProvider.java ('abstract
 * class CredentialsProvider extends Descriptor&lt;CredentialsProvider&gt; implements ExtensionPoint,
 * Describable&lt;CredentialsProvider&gt;, IconSpec'; IconSpec omitted). Only findCredentialById in its
 * varargs form (@since 1.16; newer releases add a (String, Class, Run) overload, which a call with
 * three arguments also compiles against).
 */
public abstract class CredentialsProvider extends Descriptor<CredentialsProvider>
        implements ExtensionPoint, Describable<CredentialsProvider> {
    /** Using a credential in a job's configuration; null here (see Permission). */
    public static final Permission USE_ITEM = null;

    public CredentialsProvider() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static <C extends IdCredentials> C findCredentialById(@NonNull String id, @NonNull Class<C> type,
                                                                 @NonNull Run<?, ?> run,
                                                                 DomainRequirement... domainRequirements) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
