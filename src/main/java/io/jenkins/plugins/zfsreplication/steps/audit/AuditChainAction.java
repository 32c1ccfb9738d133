package io.jenkins.plugins.zfsreplication.steps.audit;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import hudson.model.Action;
import hudson.model.Job;
import hudson.model.Run;
import io.jenkins.plugins.zfsreplication.audit.AuditException;
import io.jenkins.plugins.zfsreplication.audit.ChainCheck;
import io.jenkins.plugins.zfsreplication.audit.ChainReport;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationJobAction;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import jenkins.model.TransientActionFactory;

/**
 * The job page's "ZFS audit chain" link: its page runs the command line's chain check
 * ({@link ChainCheck}) on the builds the job keeps on the controller (each build's directory, its
 * artifacts in {@code archive/}, as Jenkins' default artifact storage keeps them) and shows the
 * one line: intact, or the first build where the chain breaks. Running builds are left out. Seeing
 * it takes the permission to read the builds' artifacts.
 */
public final class AuditChainAction implements Action {
    static final String URL_NAME = "zfs-audit-chain";
    private final Job<?, ?> job;

    AuditChainAction(Job<?, ?> job) {
        this.job = job;
    }

    public Job<?, ?> getJob() {
        return job;
    }

    /** Checks the chain now, reading every kept build's artifacts. */
    public ChainReport getReport() throws IOException {
        job.checkPermission(Run.ARTIFACTS);
        List<Path> builds = new ArrayList<>();
        for (Run<?, ?> run = job.getLastBuild(); run != null; run = run.getPreviousBuild()) {
            if (!run.isBuilding()) {
                builds.add(run.getRootDir().toPath());
            }
        }
        if (builds.isEmpty()) {
            return new ChainReport(false, "no completed build to check", 0);
        }
        try {
            return ChainCheck.check(builds, null);
        } catch (AuditException e) {
            return new ChainReport(false, e.getMessage(), 0);
        }
    }

    @Override
    public String getIconFileName() {
        return "symbol-fingerprint";
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
    @SuppressWarnings("rawtypes") // the factory idiom of Jenkins core: TransientActionFactory<Job>
    public static final class Factory extends TransientActionFactory<Job> {
        @Override
        public Class<Job> type() {
            return Job.class;
        }

        @Override
        public Class<? extends Action> actionType() {
            return AuditChainAction.class;
        }

        @NonNull
        @Override
        public Collection<? extends Action> createFor(@NonNull Job target) {
            Job<?, ?> job = target;
            return ZfsReplicationJobAction.ranZfsSteps(job) ? Set.of(new AuditChainAction(job)) : Set.of();
        }
    }
}
