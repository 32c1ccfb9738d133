package io.jenkins.plugins.zfsreplication.cli;

import java.time.Instant;
import java.util.concurrent.Callable;

import io.jenkins.plugins.zfsreplication.metrics.RunMetrics;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRun;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code zfs-replication snapshot}: the run's snapshot of the selected datasets, atomically, as
 * {@code plan --snapshot-now} takes it, on a host that needs no target (local snapshots only).
 */
@Command(name = "snapshot", description = "Take one snapshot of every selected dataset, atomically"
        + " (PREFIX-yyyyMMddTHHmmssZ), without a target.")
final class SnapshotCommand implements Callable<Integer> {
    private final CliEnvironment environment;

    @Mixin
    private MetricsOption metricsFile;

    @Mixin
    private SourceOptions source;

    @Mixin
    private HookOptions hooks;

    @Option(names = "--prefix", defaultValue = SnapshotNaming.DEFAULT_PREFIX,
            description = "Snapshot names: PREFIX-yyyyMMddTHHmmssZ (default ${DEFAULT-VALUE}).")
    private String prefix;

    @Option(names = "--now", paramLabel = "INSTANT", description = "The snapshot's time (ISO-8601), default the wall clock.")
    private Instant now;

    SnapshotCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public Integer call() throws Exception {
        return metricsFile.run("snapshot", e -> CliErrors.badInput(environment, e), this::snapshot);
    }

    private int snapshot(RunMetrics metrics) {
        SnapshotRun run;
        try {
            run = new SnapshotRun(environment.zfs(null), source.selection(), SnapshotNaming.of(prefix), hooks.hooks());
        } catch (ZfsException e) {
            return CliErrors.badInput(environment, e);
        }
        SnapshotRun.Taken taken = run.run(now == null ? environment.clock().instant() : now, environment.err()::println);
        taken.datasets().forEach(d -> environment.out().println(d.snapshot(taken.name())));
        environment.out().flush();
        metrics.gauge("snapshot_datasets", "Datasets the last snapshot run snapshotted.", java.util.Map.of(),
                taken.datasets().size());
        return 0;
    }
}
