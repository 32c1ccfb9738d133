package io.jenkins.plugins.zfsreplication.prune;

import java.time.Instant;

import io.jenkins.plugins.zfsreplication.plan.SendStep;

/**
 * Asked by the transfer between steps: is this step still wanted under the target's rules at
 * {@code now}? A long transfer can outlive a snapshot's place in the grid; a step whose every
 * snapshot the target would destroy right after it is better skipped (the next step then starts
 * from the last one received, which is why the caller re-derives or sends {@code -i} over it).
 */
@FunctionalInterface
public interface RetentionCheck {

    /**
     * @return true when the target's rules at {@code now} keep at least one snapshot the step
     *         creates on the target, or the step is protected (it resumes a receive, or it is the
     *         dataset's last step: its snapshot is the next incremental's base)
     */
    boolean stillWanted(SendStep step, Instant now);

    /** Keeps every step: no target rules. */
    RetentionCheck KEEP_ALL = (step, now) -> true;
}
