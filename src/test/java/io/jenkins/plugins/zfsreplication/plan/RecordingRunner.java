package io.jenkins.plugins.zfsreplication.plan;

import java.time.Duration;
import java.util.List;

import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;

/** Passes commands to the real runner and keeps them, so a test can say which ran. */
record RecordingRunner(CommandRunner delegate, List<List<String>> commands) implements CommandRunner {
    @Override
    public CommandResult run(List<String> command, Duration timeout) {
        commands.add(command);
        return delegate.run(command, timeout);
    }

    @Override
    public String host() {
        return delegate.host();
    }
}
