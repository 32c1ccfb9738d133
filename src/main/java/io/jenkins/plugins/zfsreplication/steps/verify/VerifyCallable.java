package io.jenkins.plugins.zfsreplication.steps.verify;

import hudson.AbortException;
import hudson.remoting.VirtualChannel;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.verify.VerifyException;
import io.jenkins.plugins.zfsreplication.verify.VerifyRun;
import io.jenkins.plugins.zfsreplication.verify.ZfsCloneMounter;
import io.jenkins.plugins.zfsreplication.verify.ZfsChanges;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import java.io.File;
import java.io.IOException;
import jenkins.MasterToSlaveFileCallable;

/** Runs one verification on the agent that holds the workspace, where the data is. */
public final class VerifyCallable extends MasterToSlaveFileCallable<VerifyRun.Outcome> {
    private static final long serialVersionUID = 1L;

    private final VerifySettings settings;

    public VerifyCallable(VerifySettings settings) {
        this.settings = settings;
    }

    @Override
    public VerifyRun.Outcome invoke(File workspace, VirtualChannel channel) throws IOException {
        try {
            java.nio.file.Path base = workspace.toPath();
            VerifyRun run = new VerifyRun(settings.options(), VerifyRun.DEFAULT_SAMPLE_MILLIS, null,
                    log -> new ZfsCloneMounter(new ProcessCommandRunner(), log),
                    log -> new ZfsChanges(new ProcessCommandRunner(), log));
            return run.run(settings.target(), base, VerifyRun.Outputs.named(base, settings.name()), null,
                    settings.compareWith(), settings.earlier()).outcome(base);
        } catch (VerifyException e) {
            // the message may quote a file name: one printable line in the build log, a byte that is
            // not UTF-8 shown as \xFF (not as '?')
            throw new AbortException("zfsVerify: " + TerminalText.line(e.getMessage()));
        }
    }
}
