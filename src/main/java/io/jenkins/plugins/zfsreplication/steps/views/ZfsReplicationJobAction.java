package io.jenkins.plugins.zfsreplication.steps.views;

import hudson.Extension;
import hudson.model.Action;
import hudson.model.Item;
import hudson.model.Job;
import hudson.model.Run;
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

    /** Adds the trend to the jobs whose last builds ran a zfs step. */
    @Extension
    public static final class Factory extends ZfsJobActionFactory<ZfsReplicationJobAction> {
        public Factory() {
            super(ZfsReplicationJobAction.class, ZfsReplicationJobAction::new);
        }
    }
}
