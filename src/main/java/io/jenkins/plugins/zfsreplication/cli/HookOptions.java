package io.jenkins.plugins.zfsreplication.cli;

import java.time.Duration;

import io.jenkins.plugins.zfsreplication.plan.SnapshotHooks;
import picocli.CommandLine.Option;

/** {@code --pre-snapshot}, {@code --post-snapshot}, {@code --hook-timeout} (a picocli mixin of snapshot and plan). */
final class HookOptions {
    @Option(names = "--pre-snapshot", paramLabel = "JSON", description = "Run before the snapshot, as a JSON array:"
            + " '[\"/usr/local/bin/db-freeze\", \"--all\"]'; if it fails, no snapshot is taken.")
    String pre;

    @Option(names = "--post-snapshot", paramLabel = "JSON", description = "Run after the snapshot (also when it"
            + " failed, once the pre hook succeeded), as a JSON array.")
    String post;

    @Option(names = "--hook-timeout", paramLabel = "SECONDS", defaultValue = "300",
            description = "Kill a hook that runs longer (default ${DEFAULT-VALUE}); a killed pre hook stops the snapshot.")
    long timeoutSeconds;

    SnapshotHooks hooks() {
        return new SnapshotHooks(SnapshotHooks.parseCommand("--pre-snapshot", pre),
                SnapshotHooks.parseCommand("--post-snapshot", post), Duration.ofSeconds(timeoutSeconds));
    }
}
