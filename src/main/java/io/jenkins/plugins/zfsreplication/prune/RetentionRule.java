package io.jenkins.plugins.zfsreplication.prune;

import java.util.List;

/**
 * One rule of a {@link RetentionPolicy}: says which snapshots it keeps. A snapshot that no rule
 * keeps is destroyed (zrepl's semantics: rules add up).
 */
interface RetentionRule {

    /**
     * @param names the candidates' short names, oldest first
     * @param times their times in seconds since the epoch (see {@code SnapshotNaming.timeOf}), in the same order
     * @param now   the moment ages are counted from
     * @return per candidate the reason this rule keeps it (for the report), null where it does not
     */
    String[] keep(List<String> names, long[] times, long now);

    /** The rule as written. */
    String text();

    /**
     * Whether what it keeps depends on "now" (a grid, a thinning schedule): such a rule destroys
     * nothing on a night whose clock has no witness ({@link ClockWitness}). Counting and names do not.
     */
    default boolean countsAge() {
        return false;
    }
}
