package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;

import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.plan.PlanArtifacts;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.metrics.ReportMetrics;
import io.jenkins.plugins.zfsreplication.metrics.RunMetrics;
import io.jenkins.plugins.zfsreplication.plan.PlanException;
import io.jenkins.plugins.zfsreplication.plan.PlanOptions;
import io.jenkins.plugins.zfsreplication.plan.PlanRun;
import io.jenkins.plugins.zfsreplication.plan.Planner;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SnapshotHooks;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code zfs-replication plan}: one listing per host, the run's snapshots if asked, plan.json and plan.txt. */
@Command(name = "plan", description = "Plan the send steps for the source datasets (writes plan.json and plan.txt).")
final class PlanCommand implements Callable<Integer> {
    private final CliEnvironment environment;

    @Mixin
    private MetricsOption metricsFile;

    @Mixin
    private SelectionOptions selected;

    @Option(names = "--prefix", defaultValue = SnapshotNaming.DEFAULT_PREFIX,
            description = "Snapshot names: PREFIX-yyyyMMddTHHmmssZ (default ${DEFAULT-VALUE}).")
    private String prefix;

    @Option(names = "--snapshot-pattern", paramLabel = "REGEX", description = "Further snapshot names to send and prune.")
    private String pattern;

    @Option(names = "--all-snapshots", description = "Send every snapshot, not only those of the naming.")
    private boolean allSnapshots;

    @Mixin
    private HookOptions hooks;

    @Option(names = "--snapshot-now", description = "Take the run's snapshot of every selected dataset first.")
    private boolean snapshotNow;

    @Option(names = "--allow-rollback", description = "Roll diverged targets back to the common snapshot (loses their changes; their"
            + " later snapshots are kept aside when run carries it out with its own --allow-rollback).")
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
    public Integer call() throws Exception {
        return metricsFile.run("plan", e -> CliErrors.badInput(environment, e), this::plan);
    }

    private int plan(RunMetrics metrics) throws IOException {
        PlanOptions options;
        SnapshotHooks snapshotHooks;
        OutputDirectory.check(output, "--output");
        try {
            snapshotHooks = hooks.hooks();
            if (!snapshotNow && (hooks.pre != null || hooks.post != null)) {
                throw new PlanException("--pre-snapshot and --post-snapshot run around the run's snapshot: give"
                        + " --snapshot-now too");
            }
            options = new PlanOptions(selected.selection(), selected.targetRoot,
                    SnapshotNaming.of(prefix, pattern), allowRollback, allSnapshots);
            environment.runner(selected.targetHost); // checks the ssh destinations before anything runs
            environment.runner(selected.sourceHost);
        } catch (ZfsException e) {
            return CliErrors.badInput(environment, e);
        }
        PlanRun run = new PlanRun(environment.zfs(selected.sourceHost), environment.zfs(selected.targetHost), options,
                snapshotNow, estimateSizes, snapshotHooks);
        ReplicationPlan plan = run.run(now == null ? environment.clock().instant() : now, environment.err()::println);
        ReportMetrics.plan(metrics, plan);
        Files.createDirectories(output);
        String text = PlanArtifacts.write(plan, output);
        environment.out().print(text);
        environment.out().flush();
        // each dataset no plan will send until someone acts: one line each where people look, not only in plan.txt
        for (DatasetAccount account : DatasetAccount.of(plan)) {
            if (account.outcome() == DatasetOutcome.ATTENTION) {
                environment.err().println("plan: " + TerminalText.line(account.dataset()) + " needs attention: "
                        + TerminalText.line(account.reason()));
            }
        }
        environment.err().flush();
        return unreadable(plan);
    }

    /** The preview's plan, beside the plan of what exists (the night's dry run reads it). */
    static final String PREVIEW_PLAN = "preview-plan.json";

    /**
     * The night's dry run: the plan as if tonight's snapshot had been taken ({@link NightPreview}),
     * one line per dataset; into {@code --output} the plan of the snapshots that exist, for prune's
     * dry run (what its rules would destroy of them).
     */
    int preview() throws IOException {
        PlanOptions options;
        OutputDirectory.check(output, "--output");
        Instant at = now == null ? environment.clock().instant() : now;
        try {
            hooks.hooks();
            options = new PlanOptions(selected.selection(), selected.targetRoot,
                    SnapshotNaming.of(prefix, pattern), allowRollback, allSnapshots);
            environment.runner(selected.targetHost);
            environment.runner(selected.sourceHost);
        } catch (ZfsException e) {
            return CliErrors.badInput(environment, e);
        }
        Zfs source = environment.zfs(selected.sourceHost);
        Zfs target = environment.zfs(selected.targetHost);
        // prune's dry run reads a plan of what exists (it refuses one naming a snapshot the source lacks)
        ReplicationPlan existing = new PlanRun(source, target, options, false, false).run(at, line -> { });
        PlanArtifacts.write(existing, output);
        ReplicationPlan plan = NightPreview.plan(source, target, options, at, environment.err()::println);
        // tonight as planned with its snapshot: what the night's dry run accounts each dataset by
        PlanJson.write(plan, output.resolve(PREVIEW_PLAN));
        NightPreview.describe(plan, options.naming().name(at)).forEach(environment.out()::println);
        environment.out().flush();
        return unreadable(plan);
    }

    private int unreadable(ReplicationPlan plan) {
        java.util.Optional<String> unreadable = Planner.unreadableTarget(plan);
        if (unreadable.isPresent()) {
            // the plan is written (it sends and prunes nothing), and the night fails where people look
            return CliErrors.report(environment.err(), new PlanException(Planner.UNREADABLE, unreadable.get()), Main.FAILED);
        }
        return 0;
    }
}
