package io.jenkins.plugins.zfsreplication.zfs;

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

    /** Where the commands run, for messages and reports: "local" or the remote host. */
    String host();
}
