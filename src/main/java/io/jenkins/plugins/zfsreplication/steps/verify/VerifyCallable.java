package io.jenkins.plugins.zfsreplication.steps.verify;

import hudson.AbortException;
import hudson.remoting.VirtualChannel;
import io.jenkins.plugins.zfsreplication.verify.VerifyException;
import io.jenkins.plugins.zfsreplication.verify.WorkspaceVerification;
import io.jenkins.plugins.zfsreplication.verify.ZfsCloneMounter;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import java.io.File;
import java.io.IOException;
import jenkins.MasterToSlaveFileCallable;

/** Runs one verification on the agent that holds the workspace, where the data is. */
public final class VerifyCallable extends MasterToSlaveFileCallable<WorkspaceVerification.Outcome> {
    private static final long serialVersionUID = 1L;

    private final VerifySettings settings;

    public VerifyCallable(VerifySettings settings) {
        this.settings = settings;
    }

    @Override
    public WorkspaceVerification.Outcome invoke(File workspace, VirtualChannel channel) throws IOException {
        try {
            return WorkspaceVerification.run(workspace.toPath(), settings.target(), settings.name(), settings.options(),
                    settings.compareWith(), log -> new ZfsCloneMounter(new ProcessCommandRunner(), log::add));
        } catch (VerifyException e) {
            throw new AbortException("zfsVerify: " + e.getMessage());
        }
    }
}
