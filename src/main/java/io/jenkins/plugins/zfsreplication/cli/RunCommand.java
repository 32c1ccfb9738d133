package io.jenkins.plugins.zfsreplication.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.transfer.Launcher;
import io.jenkins.plugins.zfsreplication.transfer.StepGate;
import io.jenkins.plugins.zfsreplication.transfer.TransferSetup;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code zfs-replication run plan.json}: every send step of a plan, both ends driven from this host. */
@Command(name = "run", description = "Run the send steps of a plan.json: zfs send | [compress] | [mbuffer] | "
        + "transport | zfs recv, several datasets at once.")
final class RunCommand implements Callable<Integer> {
    private final CliEnvironment environment;

    @Parameters(index = "0", paramLabel = "PLAN", description = "plan.json as the plan step wrote it.")
    private Path plan;

    @Mixin
    private TransferCliOptions transfer = new TransferCliOptions();

    @Mixin
    private TransportCliOptions transport = new TransportCliOptions();

    RunCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public Integer call() throws Exception {
        if (!java.nio.file.Files.isReadable(plan)) {
            throw new io.jenkins.plugins.zfsreplication.transfer.TransferException(
                    "Cannot read the plan %s: no such file, or not readable", plan);
        }
        ReplicationPlan read = PlanJson.read(plan);
        TransferSetup setup = TransferSetup.zfs(transport.transport(), new Zfs(environment.localRunner()),
                transport.targetZfs(environment), Launcher.local(), Launcher.local(), StepGate.KEEP_ALL);
        return TransferRun.execute(environment, setup, transfer.toOptions(), read, transfer.artifacts);
    }
}
