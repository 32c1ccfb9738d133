package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.SendStream;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Lists changes between two snapshots with the zfs command.
 *
 * <p>A file system's files with {@code zfs diff -H -F} (OpenZFS). zfs diff prints paths below where
 * the file system is mounted and refuses an unmounted one, so the file system must be mounted at
 * its {@code mountpoint} property; anything else (not mounted, a legacy mount, zfs-fuse, which has
 * no zfs diff) is {@link SnapshotChanges.Unavailable}, and the verify reads everything.
 *
 * <p>A volume's chunks from the records of {@code zfs send -i}: the blocks it writes and the ranges
 * it frees are exactly what a receiver needs to turn the earlier snapshot into the later one. The
 * stream carries the changed data, so this reads the change once more than the verify does, and
 * never the rest; its data is skipped as it arrives. It needs no mount, so it works on a received
 * copy too.
 */
public final class ZfsChanges implements SnapshotChanges {
    /** zfs diff walks only what changed, but a large change of a large tree can take a while. */
    private static final Duration TIMEOUT = Duration.ofHours(2);
    /** zfs send -i reads every changed block: as long as a replication of the same change. */
    private static final Duration SEND_TIMEOUT = Duration.ofHours(24);

    private final CommandRunner runner;
    private final Consumer<String> log;
    /** File systems the caller listed as mounted, with their mount points: not asked again. */
    private final java.util.Map<String, String> mounted;

    public ZfsChanges(CommandRunner runner, Consumer<String> log) {
        this(runner, log, java.util.Map.of());
    }

    /**
     * @param mounted file systems a listing just gave as mounted, by name, with their mount points;
     *                for them zfs is not asked again (a night of coverage diffs many datasets)
     */
    public ZfsChanges(CommandRunner runner, Consumer<String> log, java.util.Map<String, String> mounted) {
        this.runner = runner;
        this.log = log;
        this.mounted = java.util.Map.copyOf(mounted);
    }

    @Override
    public TreeChanges between(String earlier, String later) {
        String dataset = datasetOf(earlier, later);
        List<String> values = mounted.containsKey(dataset) ? List.of("filesystem", "yes", mounted.get(dataset))
                : properties(dataset);
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
            checkEarlierExists(earlier);
            throw new Unavailable("zfs diff " + earlier + " " + later + " failed (exit " + diff.exitStatus() + "): " + why);
        }
        return TreeChanges.parse(diff.stdout(), values.get(2));
    }

    /** type, mounted and mountpoint of the dataset, from zfs. */
    private List<String> properties(String dataset) {
        CommandResult properties = run("zfs", "get", "-H", "-o", "value", "type,mounted,mountpoint", dataset);
        List<String> values = properties.stdout().lines().toList();
        if (!properties.succeeded() || values.size() != 3) {
            throw new Unavailable("zfs get type,mounted,mountpoint " + dataset + " failed: "
                    + (properties.stderr() + properties.stdout()).trim());
        }
        return values;
    }

    @Override
    public Map<Long, ChangedChunks> chunks(String earlier, String later, Set<Long> objects, long chunkSize) {
        datasetOf(earlier, later);
        // -L: large blocks whole; -e: small blocks embedded in their pointers as such; -c: blocks as
        // stored, not decompressed only to be skipped. Never raw (-w): its records are sized otherwise.
        List<String> command = List.of("zfs", "send", "-L", "-e", "-c", "-i", earlier, later);
        log.accept("running: " + String.join(" ", command) + " (its records are read, its data skipped)");
        ChangedChunks.Collector collector = new ChangedChunks.Collector(objects, chunkSize);
        CommandRunner.Streamed<SendStream.Summary> sent;
        try {
            sent = runner.stream(command, SEND_TIMEOUT, in -> SendStream.read(in, collector));
        } catch (ZfsException e) {
            throw ZfsCommands.cancelledOr(e, failure -> new Unavailable("the stream of zfs send -i " + earlier + " "
                    + later + " could not be read: " + failure.getMessage()), command.toArray(String[]::new));
        }
        if (!sent.result().succeeded()) {
            checkEarlierExists(earlier);
            throw new Unavailable("zfs send -i " + earlier + " " + later + " failed (exit " + sent.result().exitStatus()
                    + "): " + sent.result().stderr().trim());
        }
        if (sent.value().fromGuid() == 0) {
            throw new Unavailable("zfs send -i " + earlier + " " + later + " sent a full stream, not the changes");
        }
        log.accept("zfs send -i " + earlier + " " + later + ": " + sent.value().records() + " records");
        return collector.result();
    }

    /** The dataset both snapshots are of; they must be two snapshots of one dataset. */
    private static String datasetOf(String earlier, String later) {
        SnapshotName from = ZfsCommands.snapshot(earlier);
        SnapshotName to = ZfsCommands.snapshot(later);
        if (!from.dataset().equals(to.dataset())) {
            throw new VerifyException("The earlier snapshot %s is not of the same dataset as %s: an incremental verify"
                    + " follows one dataset's changes", earlier, later);
        }
        if (from.snapshot().equals(to.snapshot())) {
            throw new VerifyException("The earlier snapshot and the one to verify are the same (%s)", later);
        }
        return from.dataset().name();
    }

    /**
     * An earlier snapshot destroyed since (a prune) is read around, not an error: a nightly job
     * whose base is gone would otherwise fail every night on the same base. zfs diff only says
     * "Unable to obtain diffs: No such file or directory", so it is asked.
     */
    private void checkEarlierExists(String earlier) {
        if (run("zfs", "list", "-H", "-o", "name", "-t", "snapshot", earlier).saysDatasetMissing()) {
            throw new Unavailable("the earlier snapshot " + earlier + " no longer exists (destroyed since it"
                    + " was verified?)");
        }
    }

    private CommandResult run(String... command) {
        return ZfsCommands.run(runner, log, TIMEOUT, e -> new Unavailable(e.getMessage()), command);
    }
}
