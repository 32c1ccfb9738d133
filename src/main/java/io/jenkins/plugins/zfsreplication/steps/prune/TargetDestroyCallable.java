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
import io.jenkins.plugins.zfsreplication.prune.TargetRules;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import jenkins.security.MasterToSlaveCallable;

/**
 * Runs on the target's agent: carries out the target's DESTROY decisions of a prune report (the
 * source's were carried out on the source's agent), in batches, and returns the report with what
 * was really destroyed. The report comes from the source's agent and can only narrow what goes:
 * each destroy must also be one the controller's own rules for the target drop, judged here by
 * this host's own listing, and no destroy takes the target's newest snapshot of the naming. A
 * report that asks for more is refused whole, nothing destroyed.
 */
public final class TargetDestroyCallable extends MasterToSlaveCallable<TargetDestroyCallable.Result, IOException> {
    private static final long serialVersionUID = 1L;
    private final PruneReport report;
    private final String prefix;
    private final KnownBases bases;
    private final TargetRules rules;

    /**
     * @param prefix this prune's naming, from the controller's settings: nothing else is destroyed
     * @param bases  the incremental bases the prune found on the source's agent: they can only keep
     *               more (the guard here lists the target afresh but cannot list the source)
     * @param rules  the target's rules and fixed "now" from the controller's settings: what decides
     *               what may go here, whatever rules the report says it was decided by
     */
    public TargetDestroyCallable(PruneReport report, String prefix, KnownBases bases, TargetRules rules) {
        this.report = report;
        this.prefix = prefix;
        this.bases = bases;
        this.rules = rules;
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
            // naming, the bases, the newest snapshot, what the controller's rules keep of the snapshots it has
            PruneReport done = Destroyer.execute(report, null, new Zfs(new ProcessCommandRunner()),
                    DestroyGuard.ofTarget(SnapshotNaming.of(prefix), Instant.now(), bases, rules),
                    Destroyer.ErrorPolicy.CONTINUE, log::add);
            return new Result(done, log);
        } catch (ZfsException e) {
            throw new AbortException("zfsPrune: on the target: " + e.getMessage());
        }
    }
}
