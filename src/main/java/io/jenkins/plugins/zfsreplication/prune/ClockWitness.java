package io.jenkins.plugins.zfsreplication.prune;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

import io.jenkins.plugins.zfsreplication.zfs.HostTime;

/**
 * Whether tonight's "now" has a witness: a time that cannot have jumped with the clock "now" comes
 * from. A grid or a thinning schedule counts ages from "now"; a clock that jumped years ahead makes
 * every snapshot years old and prunes the copy down to its base in one night. So before anything
 * goes because of its age, "now" is compared with
 * <ul>
 * <li>{@link Basis#PREVIOUS_RUN}: when the previous run started (the night passes its previous
 *     night's start, recorded before the clock jumped, or it would have been seen then);</li>
 * <li>{@link Basis#NEWEST_CREATION}: the newest {@code creation} of a snapshot of the judged
 *     datasets (either side) taken before the plan (before its time minus {@link TimeTrust#TOLERANCE}):
 *     zfs stamped it when it was taken, on the host that took it. Tonight's own snapshot is left out,
 *     as its creation comes from tonight's clock, the one under suspicion.</li>
 * <li>{@link Basis#OTHER_HOST}: the clock of the other host of the run (the target, or a pull's
 *     source), asked while it was listed. The two witnesses above were written by this host's own
 *     clock: one that stays wrong for two nights is witnessed by its own first wrong night. Another
 *     host's clock is not: this host's clock ({@code clock}, not "now") more than
 *     {@link TimeTrust#TOLERANCE} from it is a disagreement, whichever of the two is wrong.</li>
 * </ul>
 * "Now" more than {@link #MAX_GAP} after a witness is {@link Verdict#AHEAD}, more than the tolerance
 * before one {@link Verdict#BEHIND}; either way nothing goes by age tonight (rules that only count
 * or match names still apply), and the report says so. Without any witness (a first run, every
 * snapshot taken just now) ages are judged as before: {@link Verdict#NONE}.
 *
 * @param now     the time compared: "now", or for {@link Basis#OTHER_HOST} this host's clock
 * @param witness the time "now" was compared with: the one that disagrees, else the newest; null for NONE
 * @param host    for {@link Basis#OTHER_HOST}, the host whose clock it was; else null
 */
public record ClockWitness(Verdict verdict, Instant now, Instant witness, Basis basis, String host)
        implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
    /**
     * How far "now" may lie after a witness. Nights are daily; a host that was off for a week (a
     * holiday, a disk replaced) still prunes its first night back, and a clock that jumped by less
     * than this ages a snapshot by at most this much more than it is: a grid's daily buckets shift
     * by a week at worst, never down to the base.
     */
    public static final Duration MAX_GAP = Duration.ofDays(8);
    /** How {@link #MAX_GAP} reads in messages. */
    static final String MAX_GAP_TEXT = "8 days";

    /** How "now" compares with its witness. */
    public enum Verdict {
        /** Within the gap after the witness and not before it: ages are judged. */
        AGREES,
        /**
         * More than {@link #MAX_GAP} after the witness: the clock jumped ahead, or nothing ran for that
         * long; or more than {@link TimeTrust#TOLERANCE} after the other host's clock.
         */
        AHEAD,
        /** Before the witness by more than {@link TimeTrust#TOLERANCE}: the clock went back. */
        BEHIND,
        /** Nothing to compare with: ages are judged as before. */
        NONE
    }

    /** Where the witness comes from. */
    public enum Basis {
        PREVIOUS_RUN("the previous run's start"),
        NEWEST_CREATION("the newest snapshot created before the plan"),
        OTHER_HOST("the clock of "),
        NONE("nothing");

        private final String text;

        Basis(String text) {
            this.text = text;
        }
    }

    public ClockWitness {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(basis, "basis");
        if ((basis == Basis.OTHER_HOST) != (host != null)) {
            throw new IllegalArgumentException("a host goes with the other host's clock, and only with it");
        }
    }

    /** A verdict whose witness is not another host's clock. */
    public ClockWitness(Verdict verdict, Instant now, Instant witness, Basis basis) {
        this(verdict, now, witness, basis, null);
    }

    /**
     * Judges {@code now} against each witness given (null where there is none); the other hosts'
     * clocks are asked first, then the previous run. Any that disagrees decides: one witness that did
     * not jump is enough to tell.
     *
     * @param clock      this host's clock when the run started: what another host's clock is compared with
     * @param otherHosts the other hosts' clocks, asked while they were listed
     */
    static ClockWitness judge(Instant now, Instant clock, Instant previousRun, Instant newestCreation,
                              java.util.Collection<HostTime> otherHosts) {
        for (HostTime other : otherHosts) {
            if (clock.isAfter(other.time().plus(TimeTrust.TOLERANCE))) {
                return new ClockWitness(Verdict.AHEAD, clock, other.time(), Basis.OTHER_HOST, other.host());
            }
            if (clock.isBefore(other.time().minus(TimeTrust.TOLERANCE))) {
                return new ClockWitness(Verdict.BEHIND, clock, other.time(), Basis.OTHER_HOST, other.host());
            }
        }
        ClockWitness agreeing = new ClockWitness(Verdict.NONE, now, null, Basis.NONE);
        for (Basis basis : new Basis[] {Basis.PREVIOUS_RUN, Basis.NEWEST_CREATION}) {
            Instant witness = basis == Basis.PREVIOUS_RUN ? previousRun : newestCreation;
            if (witness == null) {
                continue;
            }
            if (now.isAfter(witness.plus(MAX_GAP))) {
                return new ClockWitness(Verdict.AHEAD, now, witness, basis);
            }
            if (now.isBefore(witness.minus(TimeTrust.TOLERANCE))) {
                return new ClockWitness(Verdict.BEHIND, now, witness, basis);
            }
            if (agreeing.witness() == null || witness.isAfter(agreeing.witness())) {
                agreeing = new ClockWitness(Verdict.AGREES, now, witness, basis);
            }
        }
        if (agreeing.verdict() == Verdict.NONE && !otherHosts.isEmpty()) {
            HostTime other = otherHosts.iterator().next();
            return new ClockWitness(Verdict.AGREES, clock, other.time(), Basis.OTHER_HOST, other.host());
        }
        return agreeing;
    }

    /** Whether retention may destroy by age: the clock agrees with its witness, or there is none. */
    public boolean agesTrusted() {
        return verdict == Verdict.AGREES || verdict == Verdict.NONE;
    }

    /** The report's line (prune-report.json {@code clock}, the log): what "now" was compared with and how it came out. */
    public String text() {
        return switch (verdict) {
            case AGREES -> "witnessed: " + (basis == Basis.OTHER_HOST ? "this host's clock " : "now ") + now
                    + " agrees with " + basisText() + " (" + witness + ")";
            case NONE -> "no witness: no earlier run given and no snapshot created before the plan; ages judged by now "
                    + now;
            case AHEAD, BEHIND -> "NOT witnessed: " + disagreement() + ": nothing is destroyed by age tonight";
        };
    }

    /** Why a snapshot that a rule by age would drop stays tonight (the decision's {@code rule}). */
    String rule() {
        return "protected: the clock is not witnessed (" + disagreement() + "): nothing goes by age tonight";
    }

    private String disagreement() {
        Duration gap = Duration.between(witness, now).abs();
        String span = gap.toDays() >= 2 ? gap.toDays() + " days" : gap.toHours() >= 2 ? gap.toHours() + " h"
                : gap.toMinutes() + " min";
        String compared = (basis == Basis.OTHER_HOST ? "this host's clock " : "now ") + now + " is " + span;
        String bound = verdict == Verdict.AHEAD && basis != Basis.OTHER_HOST ? MAX_GAP_TEXT : TimeTrust.TOLERANCE_TEXT;
        return compared + (verdict == Verdict.AHEAD ? " after " : " before ") + basisText() + " (" + witness
                + "), more than " + bound;
    }

    private String basisText() {
        return basis == Basis.OTHER_HOST ? basis.text + host : basis.text;
    }
}
