package io.jenkins.plugins.zfsreplication.steps.prune;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.prune.Destroyer;
import io.jenkins.plugins.zfsreplication.prune.PruneDecision;
import io.jenkins.plugins.zfsreplication.prune.PruneReport;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import jenkins.security.MasterToSlaveCallable;

/**
 * Runs on the target's agent: carries out the target's DESTROY decisions of a prune report (the
 * source's were carried out on the source's agent), in batches, and returns the report with what
 * was really destroyed. Only what the report names is destroyed, as on the source.
 */
public final class TargetDestroyCallable extends MasterToSlaveCallable<TargetDestroyCallable.Result, IOException> {
    private static final long serialVersionUID = 1L;
    private final PruneReport report;
    private final String prefix;

    /**
     * @param prefix this prune's naming: the report comes from the source's agent, which the target's
     *               agent trusts no further than that every snapshot it names is of this naming
     */
    public TargetDestroyCallable(PruneReport report, String prefix) {
        this.report = report;
        this.prefix = prefix;
    }

    /** The report after the target's destroys, and the log lines for the build log. */
    public record Result(PruneReport report, List<String> log) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    @Override
    public Result call() throws IOException {
        SnapshotNaming naming = SnapshotNaming.of(prefix);
        for (PruneDecision decision : report.toDestroy("target")) {
            if (!naming.isCandidate(decision.snapshot())) {
                throw new AbortException(String.format("zfsPrune: refused to destroy %s@%s on the target: it is not a "
                        + "snapshot of this prune's naming; nothing was destroyed there", decision.dataset(),
                        decision.snapshot()));
            }
        }
        List<String> log = new ArrayList<>();
        PruneReport done = Destroyer.execute(report, null, new Zfs(new ProcessCommandRunner()),
                Destroyer.ErrorPolicy.CONTINUE, log::add);
        return new Result(done, log);
    }
}
