package io.jenkins.plugins.zfsreplication.steps.prune;

import java.io.IOException;
import java.io.Serializable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.prune.DestroyGuard;
import io.jenkins.plugins.zfsreplication.prune.Destroyer;
import io.jenkins.plugins.zfsreplication.prune.KnownBases;
import io.jenkins.plugins.zfsreplication.prune.PruneReport;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
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
    private final KnownBases bases;

    /**
     * @param prefix this prune's naming: the report comes from the source's agent, which the target's
     *               agent trusts no further than that every snapshot it names is of this naming
     * @param bases  the incremental bases the prune found on the source's agent: the guard here lists
     *               the target afresh but cannot list the source
     */
    public TargetDestroyCallable(PruneReport report, String prefix, KnownBases bases) {
        this.report = report;
        this.prefix = prefix;
        this.bases = bases;
    }

    /** The report after the target's destroys, and the log lines for the build log. */
    public record Result(PruneReport report, List<String> log) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    @Override
    public Result call() throws IOException {
        List<String> log = new ArrayList<>();
        try {
            // the guard checks every destroy here against this host's own listing, taken now: the
            // naming, the bases, what the target's rules keep of the snapshots it really has
            PruneReport done = Destroyer.execute(report, null, new Zfs(new ProcessCommandRunner()),
                    new DestroyGuard(SnapshotNaming.of(prefix), Instant.now(), bases, null),
                    Destroyer.ErrorPolicy.CONTINUE, log::add);
            return new Result(done, log);
        } catch (ZfsException e) {
            throw new AbortException("zfsPrune: on the target: " + e.getMessage());
        }
    }
}
