package com.cloudbees.jenkins.plugins.sshcredentials;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.util.Secret;
import java.util.List;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/ssh-credentials-plugin …/sshcredentials/SSHUserPrivateKey.java
 * ('interface SSHUserPrivateKey extends SSHUser', commit 08757cf1); all three members.
 */
@SuppressWarnings("deprecation")
public interface SSHUserPrivateKey extends SSHUser {
    @Deprecated
    @NonNull
    default String getPrivateKey() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    Secret getPassphrase();

    @NonNull
    List<String> getPrivateKeys();
}
