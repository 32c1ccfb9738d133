package io.jenkins.plugins.zfsreplication.transfer.tcp;

import io.jenkins.plugins.zfsreplication.transfer.StepOutcome;
import java.io.Serializable;

/**
 * What the receiving side on another host did with one step of the plan.
 *
 * @param index   the step's position in {@code plan.steps()}
 * @param label   "source@snapshot -> target"
 * @param bytes   the stream bytes received
 * @param message why it failed; "" when received
 */
public record ReceivedStep(int index, String label, StepOutcome outcome, long bytes, String message)
        implements Serializable {
    private static final long serialVersionUID = 1L;
}
