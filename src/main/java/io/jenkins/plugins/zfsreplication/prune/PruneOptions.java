package io.jenkins.plugins.zfsreplication.prune;

import java.time.Instant;
import java.util.Objects;

import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.End;

/**
 * How to prune.
 *
 * @param targetRules the target's rules; null: nothing on the target is destroyed or dropped, where no
 *                    dataset's {@code zfs-replication:keep-target} gives rules ({@code RetentionProperties})
 * @param sourceRules the source's rules; null: nothing on the source is destroyed, where no dataset's
 *                    {@code zfs-replication:keep-source} gives rules
 * @param now         which moment counts as "now" for ages
 * @param wallClock   the run's wall clock (or the given moment for {@link NowMode#FIXED})
 * @param clock       this host's clock when the run started: what "the future" is measured from
 *                    ({@link TimeTrust}); a given moment after it plus the tolerance is refused
 * @param trustSourceKeepTarget take {@code zfs-replication:keep-target} from a source that is another host
 *                    (a pull): by default only the backup side decides what is destroyed on it
 * @param witnesses   what "now" and this host's clock are judged by besides the listings: the previous
 *                    run's start, the other hosts' clocks ({@link ClockWitness})
 */
public record PruneOptions(RetentionPolicy targetRules, RetentionPolicy sourceRules, SnapshotNaming naming,
                           NowMode now, Instant wallClock, Instant clock, boolean trustSourceKeepTarget,
                           TimeWitnesses witnesses) {
    public PruneOptions {
        Objects.requireNonNull(witnesses, "witnesses");
        Objects.requireNonNull(naming, "naming");
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(wallClock, "wallClock");
        Objects.requireNonNull(clock, "clock");
        if (TimeTrust.isFuture(wallClock, clock)) {
            throw new PruneException("Now (%s) is after this host's clock (%s) plus %s: a moment from the future is"
                    + " never now", wallClock, clock.truncatedTo(java.time.temporal.ChronoUnit.SECONDS),
                    TimeTrust.TOLERANCE_TEXT);
        }
    }

    /** Options whose clock is this host's now (the wall clock, or the given moment's host). */
    public PruneOptions(RetentionPolicy targetRules, RetentionPolicy sourceRules, SnapshotNaming naming, NowMode now,
                        Instant wallClock) {
        this(targetRules, sourceRules, naming, now, wallClock, now == NowMode.FIXED ? Instant.now() : wallClock);
    }

    /** Options that take no target rules from a remote source. */
    public PruneOptions(RetentionPolicy targetRules, RetentionPolicy sourceRules, SnapshotNaming naming, NowMode now,
                        Instant wallClock, Instant clock) {
        this(targetRules, sourceRules, naming, now, wallClock, clock, false, TimeWitnesses.NONE);
    }

    /** These options, taking a remote source's {@code zfs-replication:keep-target} when {@code trust}. */
    public PruneOptions trustingSourceKeepTarget(boolean trust) {
        return new PruneOptions(targetRules, sourceRules, naming, now, wallClock, clock, trust, witnesses);
    }

    /** These options, with when the previous run started: a witness for "now" ({@link ClockWitness}). */
    public PruneOptions withPreviousRun(Instant previous) {
        return witnessedBy(witnesses.withPreviousRun(previous));
    }

    /** These options, with what the clock is judged by ({@link ClockWitness}). */
    public PruneOptions witnessedBy(TimeWitnesses given) {
        return new PruneOptions(targetRules, sourceRules, naming, now, wallClock, clock, trustSourceKeepTarget, given);
    }

    /** Whether the source end's {@code zfs-replication:keep-target} may decide what goes on the target. */
    boolean takesKeepTargetFrom(End source) {
        return trustSourceKeepTarget || source.isThisHost();
    }

    /** Which moment retention counts ages from; the report states the choice and the instant. */
    public enum NowMode {
        /** The wall clock of the run (the default). */
        WALL_CLOCK,
        /** The newest candidate snapshot on the source: zrepl's alignment, and reproducible. */
        NEWEST_SNAPSHOT,
        /** A moment the caller gives (reproducible runs, tests): {@code wallClock} holds it. */
        FIXED;

        /**
         * The mode a {@code --now} value (or the step's {@code now}) names: {@code wall}, {@code newest},
         * or anything else, which is then an instant and must parse as one.
         */
        public static NowMode of(String value) {
            return switch (value) {
                case "wall" -> WALL_CLOCK;
                case "newest" -> NEWEST_SNAPSHOT;
                // the edge where a string becomes the mode: every other text is read as an instant
                default -> FIXED;
            };
        }
    }
}
