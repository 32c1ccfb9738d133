package io.jenkins.plugins.zfsreplication.steps.views;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import hudson.model.Action;
import hudson.model.Item;
import hudson.model.Job;
import hudson.model.Run;
import java.util.Collection;
import java.util.Set;
import jenkins.model.TransientActionFactory;
import org.kohsuke.stapler.bind.JavaScriptMethod;

/**
 * The job page's trend of the zfs steps across recent builds: bytes sent, throughput, snapshots
 * pruned and verify verdicts. Core shows its floatingBox.jelly on the job page; it has no page of
 * its own. As echarts-api's trend charts do, the page only sets the chart up, with the ECharts
 * adjunct and a proxy of this action ({@code st:bind}); the browser then asks for the model
 * ({@link #getTrendModel()}), computed from the builds' {@link ZfsReplicationAction}s (at most
 * {@link ZfsReplicationTrend#MAX_BUILDS} builds read), so rendering the job page reads no build.
 */
public final class ZfsReplicationJobAction implements Action {
    private final Job<?, ?> job;

    ZfsReplicationJobAction(Job<?, ?> job) {
        this.job = job;
    }

    public Job<?, ?> getJob() {
        return job;
    }

    /** The trend of the job's recent builds, oldest first; empty when none of them ran a zfs step. */
    public ZfsReplicationTrend getTrend() {
        return ZfsReplicationTrend.collect(job.getLastBuild(), RUNS, ZfsReplicationTrend.MAX_BUILDS);
    }

    /**
     * The chart's model as JSON, asked for by the job page's script once the page is shown, through
     * the proxy bound for that page's session (whose user could read the job to see the page).
     */
    @JavaScriptMethod
    public String getTrendModel() {
        // a proxy outlives the page and anyone may post to its URL: the method checks for itself
        job.checkPermission(Item.READ);
        return getTrend().toJson();
    }

    private static final ZfsReplicationTrend.Builds<Run<?, ?>> RUNS = new ZfsReplicationTrend.Builds<>() {
        @Override
        public Run<?, ?> previous(Run<?, ?> build) {
            return build.getPreviousBuild();
        }

        @Override
        public int number(Run<?, ?> build) {
            return build.getNumber();
        }

        @Override
        public ZfsReplicationAction action(Run<?, ?> build) {
            // a running build's records are still arriving: it joins the trend when it ends
            return build.isBuilding() ? null : build.getAction(ZfsReplicationAction.class);
        }
    };

    @Override
    public String getIconFileName() {
        return null;
    }

    @Override
    public String getDisplayName() {
        return "ZFS replication trend";
    }

    @Override
    public String getUrlName() {
        return null;
    }

    /**
     * Adds the trend to every job whose last completed or last successful build ran a zfs step:
     * two lookups Jenkins caches, since this runs on every view of every job.
     */
    @Extension
    @SuppressWarnings("rawtypes") // the factory idiom of Jenkins core: TransientActionFactory<Job>
    public static final class Factory extends TransientActionFactory<Job> {
        @Override
        public Class<Job> type() {
            return Job.class;
        }

        @Override
        public Class<? extends Action> actionType() {
            return ZfsReplicationJobAction.class;
        }

        @NonNull
        @Override
        public Collection<? extends Action> createFor(@NonNull Job target) {
            Job<?, ?> job = target;
            return ranZfsSteps(job) ? Set.of(new ZfsReplicationJobAction(job)) : Set.of();
        }
    }

    /**
     * True when the job's last completed or last successful build ran a zfs step: two lookups
     * Jenkins caches, for the job page's actions of this plugin.
     */
    public static boolean ranZfsSteps(Job<?, ?> job) {
        return usedZfs(job.getLastCompletedBuild()) || usedZfs(job.getLastSuccessfulBuild());
    }

    private static boolean usedZfs(Run<?, ?> build) {
        return build != null && build.getAction(ZfsReplicationAction.class) != null;
    }
}
