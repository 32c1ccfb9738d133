package io.jenkins.plugins.zfsreplication.steps.prune;

import io.jenkins.plugins.zfsreplication.steps.views.PruneRecord;
import java.io.File;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Map;

import hudson.AbortException;
import hudson.remoting.VirtualChannel;
import io.jenkins.plugins.zfsreplication.prune.PruneArtifacts;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.prune.Decision;
import io.jenkins.plugins.zfsreplication.prune.Destroyer;
import io.jenkins.plugins.zfsreplication.prune.KnownBases;
import io.jenkins.plugins.zfsreplication.prune.PruneBeforeSend;
import io.jenkins.plugins.zfsreplication.prune.PruneReport;
import io.jenkins.plugins.zfsreplication.prune.PruneReportJson;
import io.jenkins.plugins.zfsreplication.prune.PruneRun;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import jenkins.MasterToSlaveFileCallable;

/**
 * Prune-before-send on the agent of the source host: reads the workspace's plan.json, lists both
 * hosts once, rewrites plan.json and plan.txt, writes prune-report.json, and destroys only when
 * the settings say so.
 */
public final class PruneCallable extends MasterToSlaveFileCallable<PruneCallable.Summary> {
    private static final long serialVersionUID = 1L;
    private final PruneSettings settings;
    private final ListingText targetListing;

    public PruneCallable(PruneSettings settings) {
        this(settings, null);
    }

    /**
     * @param targetListing the target as its own agent listed it; null: list it from here (the plan's
     *                      target host). With it, the target's destroys are left for that agent
     *                      ({@link TargetDestroyCallable}) and {@link Summary#report()} carries them.
     */
    public PruneCallable(PruneSettings settings, ListingText targetListing) {
        this.settings = settings;
        this.targetListing = targetListing;
    }

    /** The report's summary, whether anything failed, the engine's log lines and the counts. */
    public record Summary(String summary, boolean failed, List<String> log, Counts counts, PruneReport report,
                          KnownBases bases) implements Serializable {
        /**
         * @param destroyed    snapshots destroyed (in a dry run: that would be)
         * @param notSent      planned snapshots dropped from the plan because the target would prune them
         * @param bytesNotSent the stream bytes that saves; -1 when unknown
         */
        public record Counts(boolean dryRun, int destroyed, int kept, int notSent, long bytesNotSent)
                implements Serializable {
        }

        /** What the build page keeps of this run; {@code aborted}: the build was aborted meanwhile. */
        public PruneRecord record(List<String> artifacts, boolean aborted) {
            return new PruneRecord(counts.dryRun(), failed, counts.destroyed(), counts.kept(), counts.notSent(),
                    counts.bytesNotSent(), artifacts, aborted);
        }

        static Summary of(PruneReport report, List<String> log) {
            return of(report, log, KnownBases.NONE);
        }

        static Summary of(PruneReport report, List<String> log, KnownBases bases) {
            return new Summary(PruneReportJson.summary(report), !report.errors().isEmpty(), log,
                    new Counts(report.dryRun(), count(report, Decision.DESTROY), count(report, Decision.KEEP),
                            report.notSent().snapshots(), report.notSent().bytes()), report, bases);
        }

        private static int count(PruneReport report, Decision decision) {
            return (int) report.decisions().stream().filter(d -> d.verdict().decision() == decision).count();
        }

        /** The value zfsPrune returns to a Pipeline script. */
        Map<String, Object> toMap() {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("summary", summary);
            map.put("failed", failed);
            map.put("dryRun", counts.dryRun());
            map.put("destroyed", counts.destroyed());
            map.put("kept", counts.kept());
            map.put("notSent", counts.notSent());
            map.put("bytesNotSent", counts.bytesNotSent());
            return map;
        }
    }

    @Override
    public Summary invoke(File workspace, VirtualChannel channel) throws IOException {
        Path folder = workspace.toPath();
        List<String> log = new ArrayList<>();
        try {
            ReplicationPlan plan = PlanJson.read(folder.resolve(settings.planFile()));
            CommandRunner local = new ProcessCommandRunner();
            Zfs source = End.ofPlanHost(plan.sourceHost()).zfs(local);
            End targetEnd = End.ofPlanHost(plan.targetHost());
            if (targetListing == null && targetEnd instanceof End.Elsewhere agent) {
                throw new AbortException(String.format("zfsPrune: the plan's target is on Jenkins agent '%s': give "
                        + "targetAgent: '%s'", agent.name(), agent.name()));
            }
            Zfs target = targetListing == null ? targetEnd.zfs(local) : null;
            PruneRun prune = new PruneRun(source, target, settings.options(Instant.now()), settings.destroy(),
                    Destroyer.ErrorPolicy.CONTINUE);
            PruneBeforeSend.Result result = targetListing == null ? prune.run(plan, log::add)
                    : prune.run(plan, targetListing, log::add);
            Path planFolder = Objects.requireNonNull(folder.resolve(settings.planFile()).getParent(),
                    "the plan lies inside the workspace");
            PruneArtifacts.write(result, planFolder);
            return Summary.of(result.report(), log, result.bases());
        } catch (ZfsException e) {
            throw new AbortException("zfsPrune: " + e.getMessage());
        }
    }
}
