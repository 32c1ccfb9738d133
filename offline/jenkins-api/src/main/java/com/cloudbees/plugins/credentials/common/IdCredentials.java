package com.cloudbees.plugins.credentials.common;

import com.cloudbees.plugins.credentials.Credentials;
import edu.umd.cs.findbugs.annotations.NonNull;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin …/credentials/common/IdCredentials.java
 * ('interface IdCredentials extends Credentials').
 */
public interface IdCredentials extends Credentials {
    @NonNull
    String getId();
}
