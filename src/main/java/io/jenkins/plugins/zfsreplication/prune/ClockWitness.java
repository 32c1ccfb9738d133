package io.jenkins.plugins.zfsreplication.prune;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

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
 * </ul>
 * "Now" more than {@link #MAX_GAP} after a witness is {@link Verdict#AHEAD}, more than the tolerance
 * before one {@link Verdict#BEHIND}; either way nothing goes by age tonight (rules that only count
 * or match names still apply), and the report says so. Without any witness (a first run, every
 * snapshot taken just now) ages are judged as before: {@link Verdict#NONE}.
 *
 * @param witness the time "now" was compared with: the one that disagrees, else the newest; null for NONE
 */
public record ClockWitness(Verdict verdict, Instant now, Instant witness, Basis basis) implements java.io.Serializable {
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
        /** More than {@link #MAX_GAP} after the witness: the clock jumped ahead, or nothing ran for that long. */
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
    }

    /**
     * Judges {@code now} against each witness given (null where there is none); the previous run is
     * asked first. Any that disagrees decides: one witness that did not jump is enough to tell.
     */
    static ClockWitness judge(Instant now, Instant previousRun, Instant newestCreation) {
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
        return agreeing;
    }

    /** Whether retention may destroy by age: the clock agrees with its witness, or there is none. */
    public boolean agesTrusted() {
        return verdict == Verdict.AGREES || verdict == Verdict.NONE;
    }

    /** The report's line (prune-report.json {@code clock}, the log): what "now" was compared with and how it came out. */
    public String text() {
        return switch (verdict) {
            case AGREES -> "witnessed: now " + now + " agrees with " + basis.text + " (" + witness + ")";
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
        return verdict == Verdict.AHEAD
                ? "now " + now + " is " + span + " after " + basis.text + " (" + witness + "), more than " + MAX_GAP_TEXT
                : "now " + now + " is " + span + " before " + basis.text + " (" + witness + "), more than "
                        + TimeTrust.TOLERANCE_TEXT;
    }
}
