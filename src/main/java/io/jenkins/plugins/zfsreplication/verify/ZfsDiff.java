package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * Lists changes with {@code zfs diff -H -F} (OpenZFS). zfs diff prints paths below where the file
 * system is mounted and refuses an unmounted one, so the file system must be mounted at its
 * {@code mountpoint} property; anything else (not mounted, a legacy mount, zfs-fuse, which has no
 * zfs diff) is {@link SnapshotChanges.Unavailable}, and the verify reads everything.
 */
public final class ZfsDiff implements SnapshotChanges {
    /** zfs diff walks only what changed, but a large change of a large tree can take a while. */
    private static final Duration TIMEOUT = Duration.ofHours(2);

    private final CommandRunner runner;
    private final Consumer<String> log;

    public ZfsDiff(CommandRunner runner, Consumer<String> log) {
        this.runner = runner;
        this.log = log;
    }

    @Override
    public TreeChanges between(String earlier, String later) {
        SnapshotName from = parse(earlier);
        SnapshotName to = parse(later);
        if (!from.dataset().equals(to.dataset())) {
            throw new VerifyException("The earlier snapshot %s is not of the same dataset as %s: an incremental verify"
                    + " follows one dataset's changes", earlier, later);
        }
        if (from.snapshot().equals(to.snapshot())) {
            throw new VerifyException("The earlier snapshot and the one to verify are the same (%s)", later);
        }
        String dataset = from.dataset().name();
        CommandResult properties = run("zfs", "get", "-H", "-o", "value", "type,mounted,mountpoint", dataset);
        List<String> values = properties.stdout().lines().toList();
        if (!properties.succeeded() || values.size() != 3) {
            throw new Unavailable("zfs get type,mounted,mountpoint " + dataset + " failed: "
                    + (properties.stderr() + properties.stdout()).trim());
        }
        if (!"filesystem".equals(values.get(0))) {
            throw new Unavailable(dataset + " is a " + values.get(0) + ": zfs diff lists changes of file systems only");
        }
        if (!"yes".equals(values.get(1)) || !values.get(2).startsWith("/")) {
            throw new Unavailable(dataset + " is not mounted at its mountpoint property (mounted: " + values.get(1)
                    + ", mountpoint: " + values.get(2) + "), which zfs diff needs");
        }
        CommandResult diff = run("zfs", "diff", "-H", "-F", earlier, later);
        if (!diff.succeeded()) {
            String why = (diff.stderr() + diff.stdout()).trim();
            // an earlier snapshot destroyed since (a prune) is read around, not an error: a nightly
            // job whose base is gone would otherwise fail every night on the same base. zfs diff
            // only says "Unable to obtain diffs: No such file or directory", so it is asked.
            if (run("zfs", "list", "-H", "-o", "name", "-t", "snapshot", earlier).saysDatasetMissing()) {
                throw new Unavailable("the earlier snapshot " + earlier + " no longer exists (destroyed since it"
                        + " was verified?)");
            }
            throw new Unavailable("zfs diff " + earlier + " " + later + " failed (exit " + diff.exitStatus() + "): " + why);
        }
        return TreeChanges.parse(diff.stdout(), values.get(2));
    }

    private static SnapshotName parse(String snapshot) {
        try {
            return SnapshotName.parse(snapshot);
        } catch (ZfsException e) {
            throw new VerifyException(e, "'%s' is not a snapshot name (%s): use pool/dataset@snapshot", snapshot,
                    e.getMessage());
        }
    }

    private CommandResult run(String... command) {
        log.accept("running: " + String.join(" ", command));
        try {
            return runner.run(List.of(command), TIMEOUT);
        } catch (ZfsException e) {
            if (Thread.currentThread().isInterrupted()) {
                throw new VerifyCancelledException("Interrupted while running %s", String.join(" ", command));
            }
            throw new Unavailable(e.getMessage());
        }
    }
}
