package com.cloudbees.jenkins.plugins.sshcredentials.impl;

import com.cloudbees.jenkins.plugins.sshcredentials.SSHUserPrivateKey;
import com.cloudbees.plugins.credentials.CredentialsScope;
import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.AbstractDescribableImpl;
import hudson.util.Secret;
import java.io.Serializable;
import java.util.List;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/ssh-credentials-plugin src/main/java/com/cloudbees/jenkins/plugins/sshcredentials/impl/BasicSSHUserPrivateKey.java
 * at commit 7cfbb01 ('public class BasicSSHUserPrivateKey extends BaseSSHUser implements
 * SSHUserPrivateKey', serialVersionUID 1). Its constructor, getPrivateKeys() (synchronized) and
 * getPassphrase() (it implements SSHUserPrivateKey's), and of the nested key sources the abstract
 * PrivateKeySource (implicit public constructor, abstract getPrivateKeys()) and
 * DirectEntryPrivateKeySource (serialVersionUID 1, the constructor from a String): PermissionsITest
 * stores such a credential to see who the dropdowns list it to.
 */
public class BasicSSHUserPrivateKey extends BaseSSHUser implements SSHUserPrivateKey {
    private static final long serialVersionUID = 1L;

    public BasicSSHUserPrivateKey(CredentialsScope scope, String id, String username, PrivateKeySource privateKeySource,
                                  String passphrase,
                                  String description) {
        super(scope, id, username, description);
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public synchronized List<String> getPrivateKeys() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public Secret getPassphrase() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    /** A source of private keys. */
    public abstract static class PrivateKeySource extends AbstractDescribableImpl<PrivateKeySource> {
        public PrivateKeySource() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        @NonNull
        public abstract List<String> getPrivateKeys();
    }

    /** A key entered directly. */
    public static class DirectEntryPrivateKeySource extends PrivateKeySource implements Serializable {
        private static final long serialVersionUID = 1L;

        public DirectEntryPrivateKeySource(String privateKey) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }

        @NonNull
        @Override
        public List<String> getPrivateKeys() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }
    }
}
