package io.jenkins.plugins.zfsreplication.steps;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.prune.Destroyer;
import io.jenkins.plugins.zfsreplication.prune.PruneReport;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import jenkins.security.MasterToSlaveCallable;

/**
 * Runs on the target's agent: carries out the target's DESTROY decisions of a prune report (the
 * source's were carried out on the source's agent), in batches, and returns the report with what
 * was really destroyed. Only what the report names is destroyed, as on the source.
 */
final class TargetDestroyCallable extends MasterToSlaveCallable<TargetDestroyCallable.Result, IOException> {
    private static final long serialVersionUID = 1L;
    private final PruneReport report;

    TargetDestroyCallable(PruneReport report) {
        this.report = report;
    }

    /** The report after the target's destroys, and the log lines for the build log. */
    record Result(PruneReport report, List<String> log) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    @Override
    public Result call() {
        List<String> log = new ArrayList<>();
        PruneReport done = Destroyer.execute(report, null, new Zfs(new ProcessCommandRunner()),
                Destroyer.ErrorPolicy.CONTINUE, log::add);
        return new Result(done, log);
    }
}
