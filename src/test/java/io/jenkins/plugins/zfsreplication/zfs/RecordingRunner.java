package io.jenkins.plugins.zfsreplication.zfs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Passes every command to a real runner and keeps a copy, so that a test can count zfs calls or
 * show that none ran. Not a mock: the commands really run.
 */
public final class RecordingRunner implements CommandRunner {
    private final List<List<String>> commands = new ArrayList<>();
    private final CommandRunner delegate;

    public RecordingRunner(CommandRunner delegate) {
        this.delegate = delegate;
    }

    @Override
    public synchronized CommandResult run(List<String> command, Duration timeout) {
        commands.add(List.copyOf(command));
        return delegate.run(command, timeout);
    }

    @Override
    public String host() {
        return delegate.host();
    }

    public synchronized List<List<String>> commands() {
        return List.copyOf(commands);
    }

    public synchronized void clear() {
        commands.clear();
    }
}
