package io.jenkins.plugins.zfsreplication.zfs;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * The engine's port to the host's commands. The engine hands it argument vectors, never shell
 * strings; implementations run them locally ({@link ProcessCommandRunner}) or on another host
 * ({@link SshCommandRunner}).
 */
public interface CommandRunner {

    /**
     * Runs {@code command} to its end or until {@code timeout}, whichever comes first.
     *
     * @return the result, also when the exit status is not 0 (see {@link CommandResult#orThrow()})
     * @throws ZfsException when the command cannot be started or runs past the timeout (it is killed)
     */
    CommandResult run(List<String> command, Duration timeout);

    /**
     * Runs {@code command} like {@link #run}, handing its standard output to {@code reader} as it
     * arrives: for output too big to hold as one string (a listing of ten million snapshots is
     * gigabytes in the get form). This default reads it from {@link #run}'s string; runners that
     * start processes stream it.
     *
     * @return the result (its stdout is empty where the reader had it) and what the reader
     *         returned; null when the command failed (its exit status and stderr say why)
     */
    default <T> Streamed<T> stream(List<String> command, Duration timeout, OutputReader<T> reader) {
        CommandResult result = run(command, timeout);
        if (!result.succeeded()) {
            return new Streamed<>(result, null);
        }
        try {
            return new Streamed<>(result, reader.read(new ByteArrayInputStream(result.stdout().getBytes(StandardCharsets.UTF_8))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where the commands run, for messages and reports: "local" or the remote host. */
    String host();

    /** Reads a command's standard output to its end. */
    @FunctionalInterface
    interface OutputReader<T> {
        T read(InputStream stdout) throws IOException;
    }

    /** A finished command and what its output was read into (null when the command failed). */
    record Streamed<T>(CommandResult result, T value) {
        /** The value, or a {@link ZfsCommandException} with ZFS's own message when the command failed. */
        public T orThrow() {
            result.orThrow();
            return value;
        }
    }
}
