package io.jenkins.plugins.zfsreplication.zfs;

import java.util.List;

/** What a finished command left: its exit status and everything it printed. */
public record CommandResult(List<String> command, int exitStatus, String stdout, String stderr) {
    public CommandResult {
        command = List.copyOf(command);
    }

    public boolean succeeded() {
        return exitStatus == 0;
    }

    /** Whether it failed only because a named dataset does not exist (see {@link ZfsCommandException#isDatasetMissing()}). */
    public boolean saysDatasetMissing() {
        return !succeeded() && ZfsCommandException.saysDatasetMissing(stderr);
    }

    /** This result, or a {@link ZfsCommandException} with ZFS's own message when the command failed. */
    public CommandResult orThrow() {
        if (!succeeded()) {
            throw new ZfsCommandException(command, exitStatus, stderr.isBlank() ? stdout : stderr);
        }
        return this;
    }
}
