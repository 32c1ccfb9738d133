package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.util.Set;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.SendStep;

/**
 * Checks a step against the hosts right before it runs and returns the step to run: the same, or a
 * RESUME from the target's resume token. Throws {@link TransferException} when the plan no longer
 * fits (a snapshot vanished or changed GUID): nothing is sent then.
 */
@FunctionalInterface
public interface Preflight {
    /** No checks: the benchmark's synthetic source and sink have no snapshots. */
    Preflight NONE = (step, used, log) -> step;

    SendStep check(SendStep step, Set<SendOption> used, Consumer<String> log);

    /**
     * After a failed or cancelled step, waits until the target is as it was before the step (a
     * user-space ZFS such as zfs-fuse discards a partial receive after its client has gone).
     */
    default void settle(SendStep step, Set<SendOption> used, Consumer<String> log) {
    }

    /**
     * After a step received well: a file system the step created is left as a backup copy must be,
     * not mounted and not writable (see {@link ZfsPreflight#received}).
     */
    default void received(SendStep step, Set<SendOption> used, TransferOptions options, Consumer<String> log) {
    }

    /**
     * After a step whose receive only failed to mount what it received (see
     * {@link ZfsPreflight#receivedUnmounted}): true when the step arrived all the same.
     */
    default boolean receivedUnmounted(SendStep step, Set<SendOption> used, TransferOptions options, Consumer<String> log) {
        return false;
    }
}
