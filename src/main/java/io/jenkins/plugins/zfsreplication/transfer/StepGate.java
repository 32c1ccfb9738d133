package io.jenkins.plugins.zfsreplication.transfer;

import java.time.Instant;

import io.jenkins.plugins.zfsreplication.plan.SendStep;

/**
 * Asked before each step whether its snapshot is still wanted: retention is applied again between
 * steps, so a snapshot that aged out while earlier steps ran is not sent. A skipped step's base
 * becomes the base of the dataset's next step.
 */
@FunctionalInterface
public interface StepGate {
    /** Keeps every step: retention was decided when the plan was made. */
    StepGate KEEP_ALL = (step, now) -> true;

    boolean stillWanted(SendStep step, Instant now);
}
