package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.jenkins.plugins.zfsreplication.plan.AtomicFile;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.PlanOptions;
import io.jenkins.plugins.zfsreplication.plan.PlanRun;
import io.jenkins.plugins.zfsreplication.plan.PlanText;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code zfs-replication plan}: one listing per host, the run's snapshots if asked, plan.json and plan.txt. */
@Command(name = "plan", description = "Plan the send steps for the source datasets (writes plan.json and plan.txt).")
final class PlanCommand implements Callable<Integer> {
    private final CliEnvironment environment;

    @Parameters(arity = "1..*", paramLabel = "SOURCE", description = "Source root datasets.")
    private List<DatasetName> roots;

    @Option(names = {"-r", "--recursive"}, description = "Include every descendant of the roots.")
    private boolean recursive;

    @Option(names = "--target-root", required = true, paramLabel = "DATASET",
            description = "Where the roots land: SOURCE-ROOT/path lands at DATASET/path.")
    private DatasetName targetRoot;

    @Option(names = "--target-host", paramLabel = "[USER@]HOST", description = "The target over ssh (default: this host).")
    private String targetHost;

    @Option(names = "--include", paramLabel = "GLOB", description = "Only datasets matching (* ** ?); repeatable.")
    private List<String> includes = new ArrayList<>();

    @Option(names = "--exclude", paramLabel = "GLOB", description = "Leave out datasets matching; repeatable.")
    private List<String> excludes = new ArrayList<>();

    @Option(names = "--require-property", description = "Only datasets with zfs-replication:backup=on.")
    private boolean propertyRequired;

    @Option(names = "--prefix", defaultValue = SnapshotNaming.DEFAULT_PREFIX,
            description = "Snapshot names: PREFIX-yyyyMMddTHHmmssZ (default ${DEFAULT-VALUE}).")
    private String prefix;

    @Option(names = "--snapshot-pattern", paramLabel = "REGEX", description = "Further snapshot names to send and prune.")
    private String pattern;

    @Option(names = "--all-snapshots", description = "Send every snapshot, not only those of the naming.")
    private boolean allSnapshots;

    @Option(names = "--snapshot-now", description = "Take the run's snapshot of every selected dataset first.")
    private boolean snapshotNow;

    @Option(names = "--allow-rollback", description = "Roll diverged targets back to the common snapshot (loses their changes).")
    private boolean allowRollback;

    @Option(names = "--estimate-sizes", description = "Ask zfs send -nP for every step's size, where zfs can.")
    private boolean estimateSizes;

    @Option(names = "--now", paramLabel = "INSTANT", description = "The run's time (ISO-8601), default the wall clock.")
    private Instant now;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", defaultValue = ".", description = "Where to write plan.json and plan.txt.")
    private Path output;

    PlanCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public Integer call() throws IOException {
        PlanOptions options;
        try {
            options = new PlanOptions(new Selection(roots, recursive, includes, excludes, propertyRequired), targetRoot,
                    SnapshotNaming.of(prefix, pattern), allowRollback, allSnapshots);
            environment.runner(targetHost); // checks the ssh destination before anything runs
        } catch (ZfsException e) {
            return CliErrors.badInput(environment, e);
        }
        PlanRun run = new PlanRun(environment.zfs(null), environment.zfs(targetHost), options, snapshotNow, estimateSizes);
        ReplicationPlan plan = run.run(now == null ? Instant.now() : now, environment.err()::println);
        Files.createDirectories(output);
        PlanJson.write(plan, output.resolve("plan.json"));
        String text = PlanText.write(plan);
        AtomicFile.write(output.resolve("plan.txt"), text);
        environment.out().print(text);
        environment.out().flush();
        return 0;
    }
}
