package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import java.io.IOException;

import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.transfer.ResumeTokens;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import jenkins.security.MasterToSlaveCallable;

/**
 * Runs on the target's agent before a zfsSendRecv over tcp: the resume tokens of the plan's target
 * datasets (none where the target's zfs cannot resume) and the send flags their chains were started
 * with, in two zfs calls. The controller hands them to the sending side, which cannot see the target.
 */
final class ResumeTokensCallable extends MasterToSlaveCallable<ResumeTokens, IOException> {
    private static final long serialVersionUID = 1L;
    private final String host;
    private final String planJson;

    ResumeTokensCallable(String host, String planJson) {
        this.host = host;
        this.planJson = planJson;
    }

    @Override
    public ResumeTokens call() throws IOException {
        try {
            return ResumeTokens.read(new Zfs(new ProcessCommandRunner()),
                    PlanJson.read(planJson, "plan.json from the source's workspace"));
        } catch (ZfsException e) {
            throw new AbortException("zfsSendRecv: reading the resume tokens and send flags on " + host + " failed: "
                    + e.getMessage());
        }
    }
}
