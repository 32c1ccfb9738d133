package io.jenkins.plugins.zfsreplication.cli;

import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;

import io.jenkins.plugins.zfsreplication.metrics.RunMetrics;
import io.jenkins.plugins.zfsreplication.plan.PlanException;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.prune.PruneOptions;
import io.jenkins.plugins.zfsreplication.prune.RetentionPolicy;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.topology.Carriage;
import io.jenkins.plugins.zfsreplication.topology.Topology;
import io.jenkins.plugins.zfsreplication.transfer.BaseHolds;
import io.jenkins.plugins.zfsreplication.transfer.EncryptedSends;
import io.jenkins.plugins.zfsreplication.transfer.OptionResolver;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.SendRecvJob;
import io.jenkins.plugins.zfsreplication.transfer.TransferSetup;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code zfs-replication run plan.json}: every send step of a plan, both ends driven from this host. */
@Command(name = "run", description = "Run the send steps of a plan.json: zfs send | [compress] | [mbuffer] | "
        + "transport | zfs recv, several datasets at once.")
final class RunCommand implements Callable<Integer> {
    private final CliEnvironment environment;

    @Mixin
    private MetricsOption metricsFile;

    @Parameters(index = "0", paramLabel = "PLAN", description = "plan.json as the plan step wrote it.")
    private Path plan;

    @Mixin
    private TransferCliOptions transfer = new TransferCliOptions();

    @Mixin
    private TransportCliOptions transport = new TransportCliOptions();

    @Option(names = "--source-host", paramLabel = "[USER@]HOST", description = "Pull: zfs send runs on HOST over"
            + " ssh, zfs recv on this host, or on --host with --transport ssh (default: the plan's source host when"
            + " it is not this one).")
    private String sourceHost;

    @Option(names = "--dry-run", description = "Print each step's zfs send and zfs recv (with -F where the plan "
            + "names a rollback) and the options used or dropped; send and receive nothing.")
    private boolean dryRun;

    @Option(names = "--target-root", paramLabel = "DATASET",
            description = "Refuse the plan unless it was made for this target root (every target of a plan lies "
                    + "under its root).")
    private DatasetName expectedTargetRoot;

    @Option(names = "--keep-target", paramLabel = "RULES",
            description = "The target's rules, applied again before each step: a snapshot that aged out while "
                    + "earlier steps ran is not sent (the same grammar as prune --keep-target). A dataset's "
                    + "zfs-replication:keep-target replaces them there, as in prune.")
    private String targetRules;

    @Option(names = "--prefix", defaultValue = SnapshotNaming.DEFAULT_PREFIX,
            description = "With --keep-target: the naming's prefix (default ${DEFAULT-VALUE}).")
    private String prefix;

    @Option(names = "--snapshot-pattern", paramLabel = "REGEX",
            description = "With --keep-target: further snapshot names that are candidates.")
    private String pattern;

    @Option(names = "--trust-source-keep-target", description = "With --keep-target: take the target's rules from"
            + " the source's zfs-replication:keep-target also where the source is another host (a pull).")
    private boolean trustSourceKeepTarget;

    @Option(names = "--target-id", paramLabel = "ID",
            description = "Names the target across runs: what the run sends is held on the source with the tag "
                    + "zfs-replication:ID before it is sent; after the run, the newest snapshot each dataset has on the "
                    + "target is held on the source and on the target and the bases it superseded are released, so no "
                    + "prune destroys a base this target still needs (one id per target).")
    private String targetId;

    RunCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public Integer call() throws Exception {
        return metricsFile.run("run", e -> CliErrors.badInput(environment, e), this::runPlan);
    }

    /** Everything the run takes from its options and the plan file, checked before any zfs command. */
    private record Checked(ReplicationPlan plan, PruneOptions retention, Topology topology, Transport stream,
                           Zfs source, Zfs target, TransferOptions options) {
    }

    private Checked check() throws java.io.IOException {
        ReplicationPlan read = PlanJson.read(plan);
        requireTargetRoot(read);
        PruneOptions retention = retention();
        if (targetId != null) {
            BaseHolds.checkTargetId(targetId);
        }
        TransferOptions options = transfer.toOptions();
        OutputDirectory.check(transfer.artifacts, "--artifacts");
        String pullFrom = sourceHost != null || End.ofPlanHost(read.sourceHost()).isThisHost() ? sourceHost
                : read.sourceHost();
        String towards = transport.towardsPlanTarget(read.targetHost());
        if (towards != null) {
            environment.err().println(towards);
        }
        Topology topology = transport.topology(pullFrom);
        CommandRunner local = TransportCliOptions.local(environment);
        return new Checked(read, retention, topology, transport.transport(topology), topology.sourceZfs(local),
                topology.targetZfs(local), options);
    }

    private int runPlan(RunMetrics metrics) throws Exception {
        Checked checked = CliErrors.input(this::check);
        ReplicationPlan read = checked.plan();
        SendRecvJob job = SendRecvJob.bothEnds(checked.stream(), checked.source(), checked.target(),
                checked.retention(), read, checked.options(), environment.err()::println).clocked(environment.clock());
        if (checked.topology().carriage() == Carriage.TCP && !dryRun) {
            environment.err().println(transfer.tcpProtection());
        }
        if (dryRun) {
            return printDryRun(job.setup(), job.options(), read);
        }
        return TransferRun.execute(environment, job, read, transfer.artifacts,
                targetId == null ? null : new BaseHolds(checked.source(), checked.target(), targetId), metrics);
    }

    /** What the run would execute, step by step: the zfs ends of each pipeline, rollbacks named. */
    private int printDryRun(TransferSetup setup, TransferOptions options, ReplicationPlan read) {
        OptionResolver.Resolved resolved = OptionResolver.resolve(options.requested(), setup.sourceCapabilities(),
                setup.targetCapabilities());
        resolved.dropped().forEach(environment.err()::println);
        long rollbacks = 0;
        for (io.jenkins.plugins.zfsreplication.plan.DatasetPlan dataset : read.datasets()) {
            EncryptedSends.Choice encryption = EncryptedSends.choose(dataset, resolved.used(), options, setup);
            if (encryption.refusal() != null && !dataset.steps().isEmpty()) {
                environment.err().println(encryption.refusal());
                continue;
            }
            for (SendStep step : dataset.steps()) {
                if (step.rollback() && step.from() != null) {
                    environment.out().println(SshCommandRunner.quote(
                            Zfs.rollbackCommand(step.target().snapshot(step.from().name()), true)));
                }
                environment.out().println(SshCommandRunner.quote(setup.commands().source(step, encryption.used()))
                        + " | " + SshCommandRunner.quote(setup.commands().sink(step, encryption.used(),
                        setup.preflight().receiving(step, encryption.used(), options))));
                rollbacks += step.rollback() ? 1 : 0;
            }
        }
        environment.out().printf("dry run: %d step(s), %d with rollback (zfs rollback -r, zfs recv -F); nothing was sent, "
                + "received or rolled back%n",
                read.steps().size(), rollbacks);
        environment.out().flush();
        return 0;
    }

    /** The plan was made for the target root the operator names, if one is named. */
    private void requireTargetRoot(ReplicationPlan read) {
        if (expectedTargetRoot != null && !expectedTargetRoot.equals(read.targetRoot())) {
            throw new PlanException("%s was made for the target root %s, not %s: nothing was run", plan,
                    read.targetRoot(), expectedTargetRoot);
        }
    }

    /** The target's rules for the checks between steps, or null without --keep-target. */
    private PruneOptions retention() {
        if (targetRules == null) {
            return null;
        }
        return new PruneOptions(RetentionPolicy.parse(targetRules), null, SnapshotNaming.of(prefix, pattern),
                PruneOptions.NowMode.WALL_CLOCK, environment.clock().instant())
                .trustingSourceKeepTarget(trustSourceKeepTarget);
    }
}
