package com.cloudbees.jenkins.plugins.sshcredentials;

import com.cloudbees.plugins.credentials.common.StandardUsernameCredentials;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/ssh-credentials-plugin src/main/java/com/cloudbees/jenkins/plugins/
 * sshcredentials/SSHUser.java ('@Deprecated interface SSHUser extends StandardUsernameCredentials').
 */
@Deprecated
public interface SSHUser extends StandardUsernameCredentials {
}
