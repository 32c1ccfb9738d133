package com.cloudbees.plugins.credentials.common;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin …/credentials/common/StandardUsernameCredentials.java
 * ('interface StandardUsernameCredentials extends StandardCredentials, UsernameCredentials').
 */
public interface StandardUsernameCredentials extends StandardCredentials, UsernameCredentials {
}
