package com.cloudbees.plugins.credentials;

import hudson.model.Descriptor;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin …/credentials/CredentialsDescriptor.java ('abstract
 * class CredentialsDescriptor extends Descriptor&lt;Credentials&gt; implements IconSpec'). Placeholder
 * (return type of Credentials.getDescriptor()); IconSpec omitted.
 */
public abstract class CredentialsDescriptor extends Descriptor<Credentials> {
    protected CredentialsDescriptor() {
        // empty: the plugin never creates credentials descriptors
    }
}
