package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;

import io.jenkins.plugins.zfsreplication.prune.PruneArtifacts;
import io.jenkins.plugins.zfsreplication.metrics.ReportMetrics;
import io.jenkins.plugins.zfsreplication.metrics.RunMetrics;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.prune.Destroyer;
import io.jenkins.plugins.zfsreplication.prune.LocalPrune;
import io.jenkins.plugins.zfsreplication.prune.PruneBeforeSend;
import io.jenkins.plugins.zfsreplication.prune.PruneException;
import io.jenkins.plugins.zfsreplication.prune.PruneOptions;
import io.jenkins.plugins.zfsreplication.prune.PruneReport;
import io.jenkins.plugins.zfsreplication.prune.PruneReportJson;
import io.jenkins.plugins.zfsreplication.prune.PruneRun;
import io.jenkins.plugins.zfsreplication.prune.RetentionPolicy;
import io.jenkins.plugins.zfsreplication.prune.RetentionPropertyException;
import io.jenkins.plugins.zfsreplication.prune.StalePlanException;
import io.jenkins.plugins.zfsreplication.prune.UnsafeDestroyException;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code zfs-replication prune}: prune-before-send on a plan. A dry run unless {@code --destroy}:
 * the pruned plan and prune-report.json are written either way.
 */
@Command(name = "prune", description = "Apply retention before sending: drop from the plan what the target would"
        + " destroy, and (with --destroy) destroy what the rules no longer keep; or, without --plan, apply"
        + " --keep-source to SOURCE datasets (no target). A dataset's zfs-replication:keep-source and"
        + " zfs-replication:keep-target properties (inherited as ZFS inherits) replace the command's rules for its"
        + " subtree. Dry run by default.")
final class PruneCommand implements Callable<Integer> {
    private final CliEnvironment environment;

    @Mixin
    private MetricsOption metricsFile;

    @Option(names = "--plan", paramLabel = "FILE", description = "The plan.json to prune; without it, SOURCE"
            + " datasets are pruned by --keep-source alone (no target).")
    private Path planFile;

    @Mixin
    private SourceOptions local;

    @Option(names = "--keep-target", paramLabel = "RULES", description = "The target's rules, e.g. 'grid: 1x1h(keep=all) | 24x1h | 14x1d';"
            + " a dataset's zfs-replication:keep-target replaces them there.")
    private String targetRules;

    @Option(names = "--keep-source", paramLabel = "RULES", description = "The source's rules, e.g. 'thin: 10,1d1w,1w1m,1m1y';"
            + " a dataset's zfs-replication:keep-source replaces them there.")
    private String sourceRules;

    @Option(names = "--prefix", defaultValue = SnapshotNaming.DEFAULT_PREFIX, description = "The naming's prefix (default ${DEFAULT-VALUE}).")
    private String prefix;

    @Option(names = "--snapshot-pattern", paramLabel = "REGEX", description = "Further snapshot names that are candidates.")
    private String pattern;

    @Option(names = "--now", defaultValue = "wall", paramLabel = "wall|newest|INSTANT",
            description = "What counts as now: the wall clock (default), the newest snapshot, or an ISO-8601 instant.")
    private String now;

    @Option(names = "--previous-run", paramLabel = "INSTANT", description = "When the previous run started (night"
            + " passes its previous night's): a witness that now has not jumped. Now more than 8 days after it, or"
            + " before it, destroys nothing by age (grid, thin) tonight.")
    private String previousRun;

    @Option(names = "--trust-source-keep-target", description = "Take the target's rules from the source's"
            + " zfs-replication:keep-target also where the source is another host (a pull). Without it only this"
            + " host's own settings decide what is destroyed on the target.")
    private boolean trustSourceKeepTarget;

    @Option(names = "--destroy", description = "Really destroy (without it: a dry run that lists what would go).")
    private boolean destroy;

    @Option(names = "--stop-on-error", description = "Stop at the first failed destroy (default: go on, report all).")
    private boolean stopOnError;

    @Option(names = "--target-host", paramLabel = "[USER@]HOST", description = "The target over ssh (default: the plan's).")
    private String targetHost;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "Where to write (default: the plan's folder;"
            + " without a plan the current directory).")
    private Path output;

    PruneCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public Integer call() throws Exception {
        return metricsFile.run("prune", e -> CliErrors.badInput(environment, e), this::prune);
    }

    private int prune(RunMetrics metrics) throws IOException {
        if (planFile == null) {
            return pruneLocal(metrics);
        }
        ReplicationPlan plan;
        PruneOptions options;
        try {
            if (!local.roots.isEmpty()) {
                throw new PruneException("Give either --plan or SOURCE datasets, not both: with a plan, the plan names"
                        + " the datasets");
            }
            plan = PlanJson.read(planFile);
            options = options();
            OutputDirectory.check(output != null ? output : planFile.toAbsolutePath().getParent(), "--output");
        } catch (ZfsException | java.time.format.DateTimeParseException e) {
            return CliErrors.badInput(environment, new IllegalArgumentException(e.getMessage(), e));
        }
        End target = targetHost != null ? new End.OverSsh(targetHost, List.of()) : End.ofPlanHost(plan.targetHost());
        CommandRunner local = TransportCliOptions.local(environment);
        PruneRun run = new PruneRun(End.ofPlanHost(plan.sourceHost()).zfs(local), target.zfs(local), options, destroy,
                stopOnError ? Destroyer.ErrorPolicy.STOP : Destroyer.ErrorPolicy.CONTINUE);
        Path folder = output != null ? output : planFile.toAbsolutePath().getParent();
        if (folder == null) {
            return CliErrors.badInput(environment, new IllegalArgumentException("--plan " + planFile + " names no file"));
        }
        PruneBeforeSend.Result result;
        // SIGINT/SIGTERM: the destroy under way ends and is recorded, no other begins, the report is written
        try (CancelOnSignal signals = new CancelOnSignal(Thread.currentThread()::interrupt)) {
            try {
                result = run.run(plan, environment.err()::println);
            } catch (StalePlanException | RetentionPropertyException | UnsafeDestroyException e) {
                // the plan no longer matches the target (plan again), a dataset's retention property is not rules, or a
                // destroy would break an invariant:
                // input to fix, not a zfs failure
                return CliErrors.badInput(environment, e);
            }
            Files.createDirectories(folder);
            PruneArtifacts.write(result, folder);
        }
        ReportMetrics.prune(metrics, result.report());
        environment.out().print(PruneReportJson.summary(result.report()));
        environment.out().flush();
        return result.report().errors().isEmpty() ? 0 : Main.FAILED;
    }

    /** Without a plan: the selected source datasets, the source's rules only (sanoid's local use). */
    private int pruneLocal(RunMetrics metrics) throws IOException {
        LocalPrune run;
        try {
            if (targetHost != null) {
                throw new PruneException("--target-host needs a plan: without one only the source is pruned");
            }
            OutputDirectory.check(output != null ? output : Path.of("."), "--output");
            run = new LocalPrune(environment.zfs(null), local.selection(), options(), destroy,
                    stopOnError ? Destroyer.ErrorPolicy.STOP : Destroyer.ErrorPolicy.CONTINUE);
        } catch (ZfsException | java.time.format.DateTimeParseException e) {
            return CliErrors.badInput(environment, new IllegalArgumentException(e.getMessage(), e));
        }
        PruneReport report;
        Path folder = output != null ? output : Path.of(".");
        // SIGINT/SIGTERM: the destroy under way ends and is recorded, no other begins, the report is written
        try (CancelOnSignal signals = new CancelOnSignal(Thread.currentThread()::interrupt)) {
            try {
                report = run.run(environment.err()::println);
            } catch (RetentionPropertyException | UnsafeDestroyException e) {
                return CliErrors.badInput(environment, e);
            }
            Files.createDirectories(folder);
            PruneReportJson.write(report, folder.resolve("prune-report.json"));
        }
        ReportMetrics.prune(metrics, report);
        environment.out().print(PruneReportJson.summary(report));
        environment.out().flush();
        return report.errors().isEmpty() ? 0 : Main.FAILED;
    }

    private PruneOptions options() {
        return new PruneOptions(targetRules == null ? null : RetentionPolicy.parse(targetRules),
                sourceRules == null ? null : RetentionPolicy.parse(sourceRules), SnapshotNaming.of(prefix, pattern),
                nowMode(), nowMode() == PruneOptions.NowMode.FIXED ? Instant.parse(now) : environment.clock().instant(),
                environment.clock().instant())
                .trustingSourceKeepTarget(trustSourceKeepTarget)
                .withPreviousRun(previousRun == null ? null : Instant.parse(previousRun));
    }

    private PruneOptions.NowMode nowMode() {
        return PruneOptions.NowMode.of(now);
    }
}
