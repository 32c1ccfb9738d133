package com.cloudbees.jenkins.plugins.sshcredentials.impl;

import com.cloudbees.jenkins.plugins.sshcredentials.SSHUser;
import com.cloudbees.plugins.credentials.CredentialsScope;
import com.cloudbees.plugins.credentials.common.StandardUsernameCredentials;
import com.cloudbees.plugins.credentials.impl.BaseStandardCredentials;
import edu.umd.cs.findbugs.annotations.NonNull;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/ssh-credentials-plugin src/main/java/com/cloudbees/jenkins/plugins/sshcredentials/impl/BaseSSHUser.java
 * at commit 7cfbb01 ('public class BaseSSHUser extends BaseStandardCredentials implements SSHUser,
 * StandardUsernameCredentials', serialVersionUID 1). Its constructor and getUsername() (it
 * implements UsernameCredentials').
 */
public class BaseSSHUser extends BaseStandardCredentials implements SSHUser, StandardUsernameCredentials {
    private static final long serialVersionUID = 1L;

    public BaseSSHUser(CredentialsScope scope, String id, String username, String description) {
        super(scope, id, description);
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public String getUsername() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
