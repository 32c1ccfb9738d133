package io.jenkins.plugins.zfsreplication.zfs;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;

/**
 * The one clock of a test on real pools. zfs stamps every snapshot with the real clock
 * ({@code creation}); a test that also names snapshots or passes {@code --now} takes those times
 * from here, so that they keep their order with the real creation times whatever the date. A fixed
 * date instead would turn into the past of the real clock one day, and the test would fail from
 * then on, everywhere.
 *
 * @param now the test's "now": the real clock's whole hour two hours ahead, so every snapshot the
 *     test makes (however long it runs) is created before it, and times an hour or more before
 *     it are whole hours that read well in expected texts
 */
public record TestClock(Instant now) {
    private static final SnapshotNaming NAMING = SnapshotNaming.of(SnapshotNaming.DEFAULT_PREFIX);

    /** A clock whose "now" lies after every creation time the test will see. */
    public static TestClock afterRealClock() {
        return new TestClock(Instant.now().truncatedTo(ChronoUnit.HOURS).plus(Duration.ofHours(2)));
    }

    /**
     * A clock at the real clock's second: for a test that compares this host's clock with another
     * host's real one (a witness of the clock), where the test's "now" must be the real time.
     */
    public static TestClock atRealClock() {
        return new TestClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    }

    /** {@code now} as {@code --now} takes it. */
    public String iso() {
        return now.toString();
    }

    /** The instant {@code ago} before now. */
    public Instant ago(Duration ago) {
        return now.minus(ago);
    }

    /** The short name ({@code zr-...Z}) of a snapshot of the default naming taken {@code ago} before now. */
    public String name(Duration ago) {
        return NAMING.name(ago(ago));
    }

    /** The short name of a snapshot of the default naming dated {@code ahead} after now: "in the future" for good. */
    public String nameAhead(Duration ahead) {
        return NAMING.name(now.plus(ahead));
    }

    /** {@link #name(Duration)} of {@code hours} hours before now. */
    public String hoursAgo(long hours) {
        return name(Duration.ofHours(hours));
    }
}
