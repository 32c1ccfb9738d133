package com.cloudbees.plugins.credentials.common;

import edu.umd.cs.findbugs.annotations.NonNull;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/credentials-plugin …/credentials/common/StandardCredentials.java
 * ('interface StandardCredentials extends IdCredentials'; annotations @Recommended/@NameWith and the
 * nested NameProvider omitted).
 */
public interface StandardCredentials extends IdCredentials {
    @NonNull
    String getDescription();
}
