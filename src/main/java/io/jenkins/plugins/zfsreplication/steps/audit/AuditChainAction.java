package io.jenkins.plugins.zfsreplication.steps.audit;

import hudson.Extension;
import hudson.Functions;
import hudson.model.Action;
import hudson.model.Item;
import hudson.model.Job;
import hudson.model.Run;
import hudson.security.Permission;
import io.jenkins.plugins.zfsreplication.audit.AuditException;
import io.jenkins.plugins.zfsreplication.audit.ChainCheck;
import io.jenkins.plugins.zfsreplication.audit.ChainReport;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsJobActionFactory;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The job page's "ZFS audit chain" link: its page runs the command line's chain check
 * ({@link ChainCheck}) on the newest builds the job keeps (at most {@link #MAX_BUILDS}), reading
 * each build's audit.json and artifacts through its artifact manager, and shows the one line:
 * intact, or the first build where the chain breaks. Running builds are left out. The report is
 * computed when the page is asked for, one computation per newest build at a time (requests
 * meanwhile wait for it), and shown again for {@link #FRESH_FOR} while the same builds are kept.
 * Seeing it, and its link, takes the permission to read the builds' artifacts, as Jenkins decides it.
 */
public final class AuditChainAction implements Action {
    static final String URL_NAME = "zfs-audit-chain";
    /** Builds checked, newest first: bounds what one computation reads (the command line checks any number). */
    static final int MAX_BUILDS = 30;
    /** How long a report is shown again before the chain is read once more (an artifact may be changed meanwhile). */
    static final Duration FRESH_FOR = Duration.ofMinutes(10);
    private final Job<?, ?> job;

    AuditChainAction(Job<?, ?> job) {
        this.job = job;
    }

    public Job<?, ?> getJob() {
        return job;
    }

    /** The chain of the newest kept builds, checked now or shortly before. */
    public ChainReport getReport() throws IOException {
        job.checkPermission(artifactsPermission());
        List<Run<?, ?>> builds = new ArrayList<>();
        for (Run<?, ?> run = job.getLastBuild(); run != null && builds.size() < MAX_BUILDS; run = run.getPreviousBuild()) {
            if (!run.isBuilding()) {
                builds.add(run);
            }
        }
        ZfsReplicationAction newest = builds.stream().map(run -> run.getAction(ZfsReplicationAction.class))
                .filter(Objects::nonNull).findFirst().orElse(null);
        if (newest == null) {
            return new ChainReport(false, "no completed build with an audit record to check", 0);
        }
        List<Long> numbers = builds.stream().map(run -> (long) run.getNumber()).toList();
        try {
            return newest.chainChecking().report(numbers, Instant.now(), FRESH_FOR, () -> check(builds));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("the chain check was interrupted while another ran");
        }
    }

    private static ChainReport check(List<Run<?, ?>> builds) throws IOException {
        List<RunArtifacts> kept = builds.stream().map(RunArtifacts::new).toList();
        try {
            ChainReport report = ChainCheck.checkBuilds(kept, null);
            return builds.size() < MAX_BUILDS ? report : new ChainReport(report.intact(), report.line()
                    + " (the newest " + MAX_BUILDS + " builds; the command line checks older ones)", report.brokenAt());
        } catch (AuditException e) {
            return new ChainReport(false, e.getMessage(), 0);
        }
    }

    /** The link, only for those who may see the report: it shows what the builds' artifacts hold. */
    @Override
    public String getIconFileName() {
        return job.hasPermission(artifactsPermission()) ? "symbol-fingerprint" : null;
    }

    /**
     * The permission to read the builds' artifacts, as Jenkins asks it before it serves them
     * (Run.doArtifact): Run/Artifacts where Jenkins turns that permission on
     * (hudson.security.ArtifactsPermission); otherwise it is as if it did not exist, and whoever may
     * read the job may read its artifacts.
     */
    private static Permission artifactsPermission() {
        return Functions.isArtifactsPermissionEnabled() ? Run.ARTIFACTS : Item.READ;
    }

    @Override
    public String getDisplayName() {
        return "ZFS audit chain";
    }

    @Override
    public String getUrlName() {
        return URL_NAME;
    }

    /** Adds the link to the jobs that show the zfs trend (their last builds ran a zfs step). */
    @Extension
    public static final class Factory extends ZfsJobActionFactory<AuditChainAction> {
        public Factory() {
            super(AuditChainAction.class, AuditChainAction::new);
        }
    }
}
