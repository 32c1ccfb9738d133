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
 *     taken: made by hand, or named on a host whose clock ran ahead of the one that took it) while
 *     that name still lies after this host's clock. Once the clock has passed the name, the
 *     snapshot is judged again, by its creation: the earlier of its two times, the one its data is
 *     of ({@link #judgedTime});</li>
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
    private final long clock;
    private final long latest;

    /** @param clock this host's clock: what "the future" is measured from */
    TimeTrust(SnapshotNaming naming, Instant clock) {
        this.naming = naming;
        this.clock = clock.getEpochSecond();
        this.latest = this.clock + SLACK;
    }

    /**
     * The time a snapshot is judged by: its name's (null: none), else its creation. A name dated
     * after the creation (beyond the tolerance) whose time this host's clock has reached is judged
     * by the creation: the snapshot's data is of its creation, and the later name would let it stand
     * in a bucket after its data was taken (and make the snapshots really taken between the two
     * look "named before a snapshot taken earlier"). While the name is still ahead of the clock
     * the snapshot is not judged at all ({@link #untrusted}): the clocks disagree.
     */
    long judgedTime(Instant stamp, long creation) {
        if (stamp == null) {
            return creation;
        }
        long named = stamp.getEpochSecond();
        return named > creation + SLACK && named <= clock ? creation : named;
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
            long time = judgedTime(stamp, creation);
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
                    + ") and still after this host's clock: its time is not trusted until the clock reaches it";
        }
        if (newestTrusted != Long.MIN_VALUE && time < newestTrusted - SLACK) {
            return "protected: named before a snapshot taken earlier (" + Instant.ofEpochSecond(newestTrusted)
                    + "): its time is not trusted";
        }
        return null;
    }
}
