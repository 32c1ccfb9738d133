package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.steps.shared.SshKey;
import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * Whether plan.json was made for where zfsSendRecv sends from. plan.json names the host its source
 * datasets were listed on ({@link End#planHost()}): "local" when the planning agent listed its own
 * pools, the ssh destination when zfsSnapshotPlan pulled. Pulling runs zfs send there, so it must be
 * sourceHost's host (and the target this agent's pools); a plan made by pulling is never sent from
 * this agent's own pools, which may hold datasets of the same names.
 */
final class PlanSource {
    private PlanSource() {
    }

    /** Throws with one line, before any zfs command, when {@code plan} is not for {@code settings}' source. */
    static void check(SendRecvSettings settings, ReplicationPlan plan) throws AbortException {
        boolean planPulled = !end(settings, plan.sourceHost()).isThisHost();
        if (settings.pulls()) {
            if (!SshKey.hostName(plan.sourceHost()).equals(settings.sourceHostName())) {
                throw new AbortException(String.format("zfsSendRecv: %s lists the datasets of %s, not of sourceHost "
                        + "'%s': plan with zfsSnapshotPlan sourceHost: '%s' first; nothing was sent", settings.plan(),
                        planPulled ? "host '" + plan.sourceHost() + "'" : "the agent that planned it",
                        settings.sourceHost(), settings.sourceHost()));
            }
            if (!end(settings, plan.targetHost()).isThisHost()) {
                throw new AbortException(String.format("zfsSendRecv: %s receives on '%s', but sourceHost pulls to "
                        + "this agent's pools: plan with zfsSnapshotPlan sourceHost on this agent, without targetHost "
                        + "or targetAgent; nothing was sent", settings.plan(), plan.targetHost()));
            }
        } else if (planPulled) {
            throw new AbortException(String.format("zfsSendRecv: %s was planned by pulling from '%s': give "
                    + "sourceHost: '%s' to pull, or plan on the source's agent; nothing was sent", settings.plan(),
                    plan.sourceHost(), SshKey.hostName(plan.sourceHost())));
        }
    }

    private static End end(SendRecvSettings settings, String planHost) throws AbortException {
        try {
            return End.ofPlanHost(planHost);
        } catch (ZfsException e) {
            throw new AbortException("zfsSendRecv: " + settings.plan() + ": " + e.getMessage() + "; nothing was sent");
        }
    }
}
