package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import hudson.model.TaskListener;
import hudson.remoting.VirtualChannel;
import io.jenkins.plugins.zfsreplication.transfer.SendRecvJob;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.transfer.TransferAccounts;
import io.jenkins.plugins.zfsreplication.steps.shared.SshKey;
import io.jenkins.plugins.zfsreplication.steps.views.TransferCounts;
import io.jenkins.plugins.zfsreplication.transfer.BaseHolds;
import io.jenkins.plugins.zfsreplication.transfer.StepOutcome;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;
import io.jenkins.plugins.zfsreplication.topology.Topology;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import jenkins.MasterToSlaveFileCallable;

/**
 * Runs a plan on the agent that holds the workspace (the sending storage host): the engine starts
 * the pipelines there, so the data goes from this host to the target host and never through the
 * controller. Progress lines go to the build log through the remoted listener. An abort interrupts
 * this call on the agent, which cancels the run: every pipeline process is ended, transfer.json
 * records where it stopped, and the summary comes back as after any run ({@code AgentCall}).
 */
public final class SendRecvCallable extends MasterToSlaveFileCallable<SendRecvSummary> {
    private static final long serialVersionUID = 1L;
    private final SendRecvSettings settings;
    private final TaskListener listener;
    private final SshKey key; // null: the agent user's own ssh keys (for sshHost when pushing, sourceHost when pulling)
    private final SendRecvTarget targetSettings;

    SendRecvCallable(SendRecvSettings settings, TaskListener listener, SshKey key) {
        this(settings, listener, key, new SendRecvTarget("", "", 0, ""));
    }

    /** @param target the target's retention rules, checked between steps (the other fields are for tcp) */
    SendRecvCallable(SendRecvSettings settings, TaskListener listener, SshKey key, SendRecvTarget target) {
        this.settings = settings;
        this.listener = listener;
        this.key = key;
        this.targetSettings = target;
    }

    @Override
    public SendRecvSummary invoke(File workspace, VirtualChannel channel) throws IOException, InterruptedException {
        Path root = workspace.toPath();
        ReplicationPlan plan = PlanJson.read(root.resolve(settings.plan()));
        PlanSource.check(settings, plan);
        String remote = settings.sshDestination();
        if (key == null || remote.isEmpty()) {
            return run(root, plan, remote, settings.sshOptionList());
        }
        try (SshKey.KeyFile file = key.write()) {
            return run(root, plan, key.destination(remote), file.sshOptions(settings.sshOptionList()));
        }
    }

    /** Pushing: {@code remote} is sshHost (ssh transport); pulling: sourceHost, where zfs send runs. */
    private SendRecvSummary run(Path root, ReplicationPlan plan, String remote, List<String> sshOptions)
            throws IOException, InterruptedException {
        ProcessCommandRunner local = new ProcessCommandRunner();
        Topology topology = settings.topology(remote, sshOptions, targetSettings.agent());
        Zfs target = topology.targetZfs(local);
        Zfs source = topology.sourceZfs(local);
        SendRecvJob job = SendRecvJob.bothEnds(topology.transport(null), source, target,
                targetSettings.retention(Instant.now()), plan, settings.options(), listener.getLogger()::println);
        return execute(root, settings, job, plan, targetSettings.holds(source, target));
    }

    /**
     * Runs the plan with {@code job} on this agent, writes the artifacts, records what each dataset
     * received ({@code holds}, null for none), and sums up; after an interrupt too, which it leaves set.
     */
    static SendRecvSummary execute(Path root, SendRecvSettings settings, SendRecvJob job, ReplicationPlan plan,
                                   BaseHolds holds) throws IOException {
        SendRecvJob.Result result = job.run(plan, root.resolve(settings.artifacts()), holds);
        TransferReport report = result.report();
        List<String> written = new ArrayList<>();
        for (Path file : result.artifacts()) {
            written.add(root.relativize(file).toString().replace(File.separatorChar, '/'));
        }
        // also after an abort: the interrupt is still set, the answer says so
        return summary(report, written, TransferAccounts.after(DatasetAccount.of(plan), report));
    }

    /** A summary that accounts for no dataset (a report without its plan). */
    public static SendRecvSummary summary(TransferReport report, List<String> written) {
        return summary(report, written, List.of());
    }

    /** @param accounts every dataset of the plan with its outcome after this run */
    public static SendRecvSummary summary(TransferReport report, List<String> written, List<DatasetAccount> accounts) {
        int failed = (int) report.steps().stream().filter(s -> s.outcome() == StepOutcome.FAILED).count();
        int skipped = (int) report.steps().stream().filter(s -> s.outcome() == StepOutcome.SKIPPED).count();
        int datasets = (int) report.steps().stream().map(s -> s.step().source()).distinct().count();
        double seconds = Duration.between(report.startedAt(), report.finishedAt()).toNanos() / 1e9;
        return new SendRecvSummary(report.succeeded(), report.cancelled(), new TransferCounts(datasets,
                report.steps().size(), skipped, failed, report.totalBytes(), seconds), report.firstError(), written,
                accounts);
    }
}
