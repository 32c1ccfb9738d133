package io.jenkins.plugins.zfsreplication.prune;

import java.time.Instant;
import java.util.Objects;

import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;

/**
 * How to prune.
 *
 * @param targetRules the target's rules; null: nothing on the target is destroyed or dropped, where no
 *                    dataset's {@code zfs-replication:keep-target} gives rules ({@code RetentionProperties})
 * @param sourceRules the source's rules; null: nothing on the source is destroyed, where no dataset's
 *                    {@code zfs-replication:keep-source} gives rules
 * @param now         which moment counts as "now" for ages
 * @param wallClock   the run's wall clock (or the given moment for {@link NowMode#FIXED})
 */
public record PruneOptions(RetentionPolicy targetRules, RetentionPolicy sourceRules, SnapshotNaming naming,
                           NowMode now, Instant wallClock) {
    public PruneOptions {
        Objects.requireNonNull(naming, "naming");
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(wallClock, "wallClock");
    }

    /** Which moment retention counts ages from; the report states the choice and the instant. */
    public enum NowMode {
        /** The wall clock of the run (the default). */
        WALL_CLOCK,
        /** The newest candidate snapshot on the source: zrepl's alignment, and reproducible. */
        NEWEST_SNAPSHOT,
        /** A moment the caller gives (reproducible runs, tests): {@code wallClock} holds it. */
        FIXED
    }
}
