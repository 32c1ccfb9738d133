package io.jenkins.plugins.zfsreplication.prune;

import java.time.Duration;
import java.time.Instant;

import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotTable;

/**
 * Which snapshot times retention believes. A snapshot's time is the one in its name (this
 * project's naming), else its {@code creation}; names come from whoever took the snapshot: a
 * source whose clock ran ahead, a person, a hostile source. A time retention cannot trust is never
 * "now", never judged (so it cannot push a real snapshot out of its bucket or of the youngest N)
 * and never destroyed by a rule: the snapshot is kept and the report says why. Not trusted:
 * <ul>
 * <li>a time after this host's clock plus {@link #TOLERANCE} (dated in the future);</li>
 * <li>a name dated after the snapshot's own {@code creation} plus the tolerance (named after it was
 *     taken: made by hand, or by a clock that has since gone back);</li>
 * <li>a name dated before a snapshot taken earlier (by createtxg) minus the tolerance: received or
 *     taken out of order, it would stand in an old bucket in place of the snapshot really taken then.</li>
 * </ul>
 * The tolerance allows for the clocks of two hosts (the planning host names a snapshot the source
 * takes) and a snapshot taken a little after the moment it is named for.
 */
public final class TimeTrust {
    /** How far a snapshot's time may lie beyond the clock, its creation or an older snapshot's time. */
    public static final Duration TOLERANCE = Duration.ofMinutes(15);
    /** How {@link #TOLERANCE} reads in messages. */
    static final String TOLERANCE_TEXT = "15 min";
    private static final long SLACK = TOLERANCE.getSeconds();

    private final SnapshotNaming naming;
    private final long latest;

    /** @param clock this host's clock: what "the future" is measured from */
    TimeTrust(SnapshotNaming naming, Instant clock) {
        this.naming = naming;
        this.latest = clock.getEpochSecond() + SLACK;
    }

    /** True when {@code moment} lies after this host's clock plus the tolerance. */
    static boolean isFuture(Instant moment, Instant clock) {
        return moment.getEpochSecond() > clock.getEpochSecond() + SLACK;
    }

    /**
     * Per snapshot of {@code snapshots} (oldest first) why its time is not trusted, or null where it
     * is. Snapshots that are not candidates of the naming are not judged (null).
     */
    String[] untrusted(SnapshotTable snapshots) {
        String[] reasons = new String[snapshots.size()];
        long newestTrusted = Long.MIN_VALUE;
        for (int i = 0; i < snapshots.size(); i++) {
            String name = snapshots.shortName(i);
            Instant stamp = naming.timestampOf(name);
            if (stamp == null && !naming.isCandidate(name)) {
                continue;
            }
            long creation = snapshots.creation(i);
            long time = stamp != null ? stamp.getEpochSecond() : creation;
            reasons[i] = reason(time, stamp != null, creation, newestTrusted);
            if (reasons[i] == null) {
                newestTrusted = Math.max(newestTrusted, time);
            }
        }
        return reasons;
    }

    private String reason(long time, boolean named, long creation, long newestTrusted) {
        if (time > latest) {
            return "protected: dated in the future (after this host's clock plus " + TOLERANCE_TEXT
                    + "): its time is not trusted";
        }
        if (named && time > creation + SLACK) {
            return "protected: named after its creation (" + Instant.ofEpochSecond(creation)
                    + "): its time is not trusted";
        }
        if (newestTrusted != Long.MIN_VALUE && time < newestTrusted - SLACK) {
            return "protected: named before a snapshot taken earlier (" + Instant.ofEpochSecond(newestTrusted)
                    + "): its time is not trusted";
        }
        return null;
    }
}
