package com.cloudbees.plugins.credentials;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin …/credentials/CredentialsScope.java (`enum CredentialsScope implements Serializable`; return
 * type of Credentials.getScope()). Constants only.
 */
public enum CredentialsScope implements java.io.Serializable {
    SYSTEM, GLOBAL, USER
}
