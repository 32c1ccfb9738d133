package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/** How the verify's zfs commands run: each one logged first, a cancel told apart from a failure. */
final class ZfsCommands {
    private ZfsCommands() {
    }

    /**
     * Runs {@code command}, logged to {@code log}. A command that cannot run (or runs past
     * {@code timeout}) is {@code failed}'s exception, or a cancel when the thread was interrupted.
     */
    static CommandResult run(CommandRunner runner, Consumer<String> log, Duration timeout,
                             Function<ZfsException, RuntimeException> failed, String... command) {
        log.accept("running: " + String.join(" ", command));
        try {
            return runner.run(List.of(command), timeout);
        } catch (ZfsException e) {
            throw cancelledOr(e, failed, command);
        }
    }

    /** A cancel when the thread was interrupted (the command was killed), else {@code failed}'s exception. */
    static RuntimeException cancelledOr(ZfsException e, Function<ZfsException, RuntimeException> failed,
                                        String... command) {
        if (Thread.currentThread().isInterrupted()) {
            return new VerifyCancelledException("Interrupted while running %s", String.join(" ", command));
        }
        return failed.apply(e);
    }

    /** {@code snapshot} as a snapshot name, or bad input naming it. */
    static SnapshotName snapshot(String snapshot) {
        try {
            return SnapshotName.parse(snapshot);
        } catch (ZfsException e) {
            throw new VerifyException(e, "'%s' is not a snapshot name (%s): use pool/dataset@snapshot", snapshot,
                    e.getMessage());
        }
    }
}
