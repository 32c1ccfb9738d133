package io.jenkins.plugins.zfsreplication.steps.restore;

import hudson.remoting.VirtualChannel;
import io.jenkins.plugins.zfsreplication.restore.DrillException;
import io.jenkins.plugins.zfsreplication.restore.DrillJson;
import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import jenkins.MasterToSlaveFileCallable;

/**
 * After an abort: the controller's call returned at once, while the drill on the agent still
 * destroys its scratch dataset. Waits (at most {@code seconds}) until restore-drill.json is no
 * longer "running", so that the record archived is the final one.
 */
final class AwaitDrillRecordCallable extends MasterToSlaveFileCallable<Boolean> {
    private static final long serialVersionUID = 1L;
    /** A drill writes its first record before it creates anything, within moments of starting. */
    private static final int NO_RECORD_TENTHS = 100;
    private final int seconds;

    AwaitDrillRecordCallable(int seconds) {
        this.seconds = seconds;
    }

    @Override
    public Boolean invoke(File workspace, VirtualChannel channel) throws IOException, InterruptedException {
        Path record = workspace.toPath().resolve(DrillRecord.FILE_NAME);
        for (int tenths = 0; tenths < seconds * 10; tenths++) {
            if (Files.isRegularFile(record) ? !"running".equals(result(record)) : tenths >= NO_RECORD_TENTHS) {
                // final; or never written: the drill stopped before it created anything
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }

    private static String result(Path record) throws IOException {
        try {
            return DrillJson.read(Files.readAllBytes(record)).result();
        } catch (DrillException e) {
            return null; // not a record (files are renamed into place whole): nothing to wait for
        }
    }
}
