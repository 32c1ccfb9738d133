package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * The private key of an "SSH Username with private key" credential, on its way to the agent that
 * runs ssh (unavoidable: ssh reads the key there). It lives only in the callable, never in a
 * step's saved fields, and never prints itself.
 *
 * @param username the credential's user, used where sshHost names none
 */
record SshKey(String username, String privateKey) implements Serializable {
    private static final long serialVersionUID = 1L;

    SshKey {
        if (privateKey == null || privateKey.isBlank()) {
            throw new IllegalArgumentException("The SSH credential holds no private key");
        }
        username = username == null ? "" : username.strip();
    }

    /** {@code host} as given when it names a user, else {@code username@host}. */
    String destination(String host) {
        return host.contains("@") || username.isEmpty() ? host : username + "@" + host;
    }

    @Override
    public String toString() {
        return "SshKey[username=" + username + ", private key not shown]";
    }

    /**
     * Writes the key into a new directory only this user can read, for {@code ssh -i}; closing it
     * deletes both. The directory is outside the workspace, so no archive step can pick it up.
     */
    KeyFile write() {
        try {
            Path dir = Files.createTempDirectory("zfsr-key-", PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
            Path file = dir.resolve("id");
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, privateKey.endsWith("\n") ? privateKey : privateKey + "\n");
            return new KeyFile(file);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the SSH key for zfsSendRecv into a temporary directory", e);
        }
    }

    /** A written key; {@link #close()} removes it. */
    record KeyFile(Path file) implements AutoCloseable {
        /** {@code extra} ssh options, then this key as the only identity ssh offers. */
        List<String> sshOptions(List<String> extra) {
            List<String> options = new ArrayList<>(extra);
            options.addAll(List.of("-i", file.toString(), "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes"));
            return options;
        }

        @Override
        public void close() {
            try {
                Path directory = file.getParent();
                Files.deleteIfExists(file);
                if (directory != null) {
                    Files.deleteIfExists(directory);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot delete the SSH key file " + file + ": remove it by hand", e);
            }
        }
    }
}
