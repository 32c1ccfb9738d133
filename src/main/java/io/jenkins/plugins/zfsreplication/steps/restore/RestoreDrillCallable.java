package io.jenkins.plugins.zfsreplication.steps.restore;

import hudson.AbortException;
import hudson.model.TaskListener;
import hudson.remoting.VirtualChannel;
import io.jenkins.plugins.zfsreplication.restore.DrillException;
import io.jenkins.plugins.zfsreplication.restore.RestoreDrill;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import jenkins.MasterToSlaveFileCallable;

/**
 * Runs one drill on the agent that holds the backup, writing restore-drill.json and the verify's
 * files into the workspace. An abort interrupts this thread (remoting passes the controller's
 * interrupt on): the drill stops, destroys the scratch dataset and writes its record before this
 * returns. The controller reads the outcome from restore-drill.json, not from a return value.
 */
final class RestoreDrillCallable extends MasterToSlaveFileCallable<Void> {
    private static final long serialVersionUID = 1L;

    private final RestoreDrillSettings settings;
    private final TaskListener listener;

    RestoreDrillCallable(RestoreDrillSettings settings, TaskListener listener) {
        this.settings = settings;
        this.listener = listener;
    }

    @Override
    public Void invoke(File workspace, VirtualChannel channel) throws IOException {
        Path directory = workspace.toPath();
        for (String file : RestoreDrillRunner.FILES) {
            // an earlier build's record left in the workspace must never be archived as this one's
            Files.deleteIfExists(directory.resolve(file));
        }
        PrintStream log = listener.getLogger();
        ProcessCommandRunner runner = new ProcessCommandRunner();
        RestoreDrill drill = new RestoreDrill(new Zfs(runner), runner, settings.transfer(),
                line -> log.println("zfsRestoreDrill: " + line), Clock.systemUTC());
        try {
            drill.run(settings.request(directory.resolve(settings.manifest())), directory);
        } catch (DrillException | ZfsException e) {
            throw new AbortException("zfsRestoreDrill: " + e.getMessage());
        }
        return null;
    }
}
