package io.jenkins.plugins.zfsreplication.steps.shared;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import hudson.AbortException;
import hudson.model.Run;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.PlanRun;
import io.jenkins.plugins.zfsreplication.prune.PruneRun;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import jenkins.security.MasterToSlaveCallable;

/**
 * Runs on the target's agent: one zfs listing of what planning ({@code targetRoot}) or pruning (the
 * plan's targets) needs, returned as the text zfs printed, deflated on the way. The planning or
 * pruning callable on the source's agent parses it there.
 */
public final class TargetListingCallable extends MasterToSlaveCallable<ListingText, IOException> {
    private static final long serialVersionUID = 1L;
    private final Listing listing;

    /** The step that lists and its host; under {@code targetRoot}, or else the targets of {@code planJson}. */
    private record Listing(String step, String host, String targetRoot, String planJson) implements Serializable {
    }

    private TargetListingCallable(Listing listing) {
        this.listing = listing;
    }

    /** What zfsSnapshotPlan needs: everything under the target root. */
    public static TargetListingCallable forPlan(String host, DatasetName targetRoot) {
        return forTargetRoot("zfsSnapshotPlan", host, targetRoot);
    }

    /** Everything under the target root, for {@code step} (zfsSnapshotPlan, zfsCheck). */
    public static TargetListingCallable forTargetRoot(String step, String host, DatasetName targetRoot) {
        return new TargetListingCallable(new Listing(step, host, targetRoot.name(), null));
    }

    /**
     * Everything under the target root for a step (zfsSnapshotPlan, zfsCheck) that names
     * {@code targetAgent}, listed on that agent; null without one (the step lists the target itself,
     * over ssh or on this agent). A step that also names an ssh host is refused.
     */
    public static ListingText onTargetAgent(String step, String targetAgent, String sshHost, DatasetName targetRoot,
                                           Run<?, ?> run) throws IOException, InterruptedException {
        TargetAgent agent = TargetAgent.of(step, targetAgent, run);
        if (agent == null) {
            return null;
        }
        if (sshHost != null) {
            throw new AbortException(step + ": give targetHost (ssh) or targetAgent, not both");
        }
        return agent.channel().call(forTargetRoot(step, agent.host(), targetRoot));
    }

    /** What zfsPrune and zfsSendRecv's retention check need: the plan's targets. */
    public static TargetListingCallable forPrune(String step, String host, String planJson) {
        return new TargetListingCallable(new Listing(step, host, null, planJson));
    }

    @Override
    public ListingText call() throws IOException {
        Zfs zfs = new Zfs(new ProcessCommandRunner());
        List<String> log = new ArrayList<>();
        try {
            ListingText text = listing.targetRoot() != null
                    ? PlanRun.listTargetText(zfs, DatasetName.of(listing.targetRoot()), log::add)
                    : PruneRun.listTargetText(zfs, PlanJson.read(listing.planJson(), "plan.json from the source's workspace"));
            // this agent's clock when it listed: a witness for the clock of the agent that prunes
            return text.withHost(listing.host()).withHostTime(java.time.Instant.now());
        } catch (ZfsException e) {
            throw new AbortException(listing.step() + ": listing the target on " + listing.host() + " failed: "
                    + e.getMessage());
        }
    }
}
