package io.jenkins.plugins.zfsreplication.steps;

import java.io.File;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import hudson.AbortException;
import hudson.remoting.VirtualChannel;
import io.jenkins.plugins.zfsreplication.plan.AtomicFile;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.PlanRun;
import io.jenkins.plugins.zfsreplication.plan.PlanText;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import jenkins.MasterToSlaveFileCallable;

/** Plans on the agent of the source host: one listing per host, plan.json and plan.txt into the workspace. */
final class PlanCallable extends MasterToSlaveFileCallable<PlanCallable.Summary> {
    private static final long serialVersionUID = 1L;
    private final PlanSettings settings;

    PlanCallable(PlanSettings settings) {
        this.settings = settings;
    }

    /** What the build log and the script see: the counts and the engine's log lines. */
    record Summary(String summary, int steps, List<String> log) implements Serializable {
    }

    @Override
    public Summary invoke(File workspace, VirtualChannel channel) throws IOException {
        CommandRunner local = new ProcessCommandRunner();
        CommandRunner target = settings.host() == null ? local : new SshCommandRunner(settings.host(), List.of(), local);
        List<String> log = new ArrayList<>();
        try {
            ReplicationPlan plan = new PlanRun(new Zfs(local), new Zfs(target), settings.options(), settings.snapshotNow(),
                    false).run(Instant.now(), log::add);
            Path folder = workspace.toPath();
            PlanJson.write(plan, folder.resolve("plan.json"));
            AtomicFile.write(folder.resolve("plan.txt"), PlanText.write(plan));
            long send = plan.datasets().stream().filter(d -> d.action() == DatasetAction.SEND).count();
            long problems = plan.datasets().stream()
                    .filter(d -> d.action() == DatasetAction.DIVERGED || d.action() == DatasetAction.REFUSED).count();
            return new Summary(String.format("%d dataset(s): %d to send in %d step(s), %d diverged or refused",
                    plan.datasets().size(), send, plan.steps().size(), problems), plan.steps().size(), log);
        } catch (ZfsException e) {
            throw new AbortException("zfsSnapshotPlan: " + e.getMessage());
        }
    }
}
