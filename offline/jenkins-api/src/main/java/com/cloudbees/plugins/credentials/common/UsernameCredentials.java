package com.cloudbees.plugins.credentials.common;

import com.cloudbees.plugins.credentials.Credentials;
import edu.umd.cs.findbugs.annotations.NonNull;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin …/credentials/common/UsernameCredentials.java
 * ('interface UsernameCredentials extends Credentials').
 */
public interface UsernameCredentials extends Credentials {
    @NonNull
    String getUsername();
}
