package io.jenkins.plugins.zfsreplication.cli;

import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code zfs-replication probe}: what this host's (or another host's) zfs supports. */
@Command(name = "probe", description = "Show what the host's zfs supports (parsable list, send estimates, resume, ...), and which of the"
        + " programs the pipelines start (mbuffer, zstd, lz4, socat, ssh, setpriv) are missing and what works without them.")
final class ProbeCommand implements Callable<Integer> {
    private final CliEnvironment environment;

    @Option(names = "--host", paramLabel = "[USER@]HOST", description = "Probe this host over ssh instead of this one.")
    private String host;

    ProbeCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public Integer call() {
        io.jenkins.plugins.zfsreplication.zfs.Zfs zfs = CliErrors.input(() -> environment.zfs(host));
        environment.out().print(zfs.capabilities().describe(zfs.version()));
        environment.out().print(RuntimeTools.describe(environment.runner(host)));
        environment.out().flush();
        return 0;
    }
}
