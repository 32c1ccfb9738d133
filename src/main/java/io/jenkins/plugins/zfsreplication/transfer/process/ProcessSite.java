package io.jenkins.plugins.zfsreplication.transfer.process;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where one side's processes run: this host ({@link #local()}) or this host under a command prefix
 * that execs its argument vector elsewhere, e.g. {@code ip netns exec NAME} (the tests' second
 * host) or {@code nice -n 10}. The prefix must exec, not fork, so that the process we hold is the
 * one that moves the bytes and its /proc counters are the stage's.
 */
public record ProcessSite(String name, List<String> prefix) {
    public ProcessSite {
        Objects.requireNonNull(name, "name");
        prefix = List.copyOf(prefix);
    }

    public static ProcessSite local() {
        return new ProcessSite("local", List.of());
    }

    /** Runs inside network namespace {@code namespace} ({@code ip netns exec}). */
    public static ProcessSite namespace(String namespace) {
        return new ProcessSite("netns " + namespace, List.of("ip", "netns", "exec", namespace));
    }

    /** The argument vector that runs {@code command} here. */
    public List<String> command(List<String> command) {
        List<String> argv = new ArrayList<>(prefix);
        argv.addAll(command);
        return argv;
    }
}
