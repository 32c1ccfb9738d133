package io.jenkins.plugins.zfsreplication.steps.shared;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import com.cloudbees.jenkins.plugins.sshcredentials.SSHUserPrivateKey;
import com.cloudbees.plugins.credentials.CredentialsProvider;
import com.cloudbees.plugins.credentials.domains.HostnameRequirement;
import hudson.AbortException;
import hudson.model.Run;
import hudson.util.Secret;

/**
 * The private key of an "SSH Username with private key" credential, on its way to the agent that
 * runs ssh (unavoidable: ssh reads the key there): the target's host when zfsSendRecv pushes, the
 * source host when zfsSnapshotPlan or zfsSendRecv pull from it. It lives only in the callable, never in a
 * step's saved fields, and never prints itself.
 *
 * @param username the credential's user, used where sshHost names none
 */
public record SshKey(String username, String privateKey) implements Serializable {
    private static final long serialVersionUID = 1L;

    public SshKey {
        if (privateKey == null || privateKey.isBlank()) {
            throw new IllegalArgumentException("The SSH credential holds no private key");
        }
        username = username == null ? "" : username.strip();
    }

    /**
     * The key of credential {@code credentialsId} for {@code host}, or null for a blank id (the agent
     * user's own keys). Resolved at run time, as the build's identity may use it (never logged, only
     * its id), and only a credential whose domain admits {@code host}: a key restricted to other hosts
     * is not sent there.
     *
     * @param step the step's name, for the message
     */
    public static SshKey lookUp(String step, String credentialsId, Run<?, ?> run, String host) throws AbortException {
        if (credentialsId == null || credentialsId.isBlank()) {
            return null;
        }
        SSHUserPrivateKey credential = CredentialsProvider.findCredentialById(credentialsId, SSHUserPrivateKey.class, run,
                new HostnameRequirement(host));
        if (credential == null) {
            throw new AbortException(String.format("%s: no 'SSH Username with private key' credential with id "
                    + "'%s' that this build may use for host '%s': add it under Manage Jenkins » Credentials (in a domain "
                    + "that admits the host) or fix sshCredentialsId", step, credentialsId, host));
        }
        Secret passphrase = credential.getPassphrase();
        if (passphrase != null && !passphrase.getPlainText().isEmpty() || credential.getPrivateKeys().isEmpty()) {
            throw new AbortException(String.format("%s: credential '%s' needs a single private key without "
                    + "passphrase (ssh on the agent runs unattended)", step, credentialsId));
        }
        return new SshKey(credential.getUsername(), credential.getPrivateKeys().get(0));
    }

    /** The host of an ssh destination without a user ({@code backup@nas} is {@code nas}), as a credential's domain names hosts. */
    public static String hostName(String destination) {
        String host = destination == null ? "" : destination.strip().substring(destination.strip().lastIndexOf('@') + 1);
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    /** {@code host} as given when it names a user, else {@code username@host}. */
    public String destination(String host) {
        return host.contains("@") || username.isEmpty() ? host : username + "@" + host;
    }

    @Override
    public String toString() {
        return "SshKey[username=" + username + ", private key not shown]";
    }

    /**
     * Makes the key readable for {@code ssh -i} without leaving it on disk: it is written into a new
     * directory only this user can read, opened by this JVM, and its name and directory are removed
     * at once. ssh reads it through {@code /proc/<this JVM>/fd/<n>} (the open file, mode 600, owned by
     * this user, as ssh requires); the kernel frees it when the file is closed or this JVM ends, so
     * an agent that crashes mid-transfer leaves no key behind. Where {@code /proc} is missing the named
     * file stays until {@link KeyFile#close()}.
     */
    public KeyFile write() {
        Path dir = null;
        Path file = null;
        FileChannel open = null;
        try {
            dir = Files.createTempDirectory("zfsr-key-", PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
            file = dir.resolve("id");
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, privateKey.endsWith("\n") ? privateKey : privateKey + "\n");
            if (!OpenFiles.available()) {
                return new KeyFile(file, null);
            }
            open = FileChannel.open(file, StandardOpenOption.READ);
            Path path = OpenFiles.descriptorPath(file).orElseThrow(() -> new IOException("lost track of the open key file"));
            deleteQuietly(file, dir);
            FileChannel kept = open;
            open = null;
            return new KeyFile(path, kept);
        } catch (IOException | RuntimeException e) {
            closeQuietly(open);
            deleteQuietly(file, dir);
            throw new UncheckedIOException("Cannot write the SSH key for zfsSendRecv into a temporary directory",
                    e instanceof IOException io ? io : new IOException(e));
        }
    }

    private static void deleteQuietly(Path file, Path dir) {
        try {
            if (file != null) {
                Files.deleteIfExists(file);
            }
            if (dir != null) {
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot delete the SSH key file " + file + ": remove it by hand", e);
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // the descriptor is gone either way
            }
        }
    }

    /**
     * A key ssh can read at {@link #file()}: the descriptor path of the open, already unlinked key
     * ({@code open} not null), or the named file where {@code /proc} is missing. {@link #close()}
     * frees it.
     */
    public record KeyFile(Path file, FileChannel open) implements AutoCloseable {
        /** {@code extra} ssh options, then this key as the only identity ssh offers. */
        public List<String> sshOptions(List<String> extra) {
            List<String> options = new ArrayList<>(extra);
            options.addAll(List.of("-i", file.toString(), "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes"));
            return options;
        }

        @Override
        public void close() {
            if (open != null) {
                closeQuietly(open);
            } else {
                deleteQuietly(file, file.getParent());
            }
        }
    }
}
