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
     * The options a step sends with: {@code used}, unless the target's chain was started with other
     * send flags, which it keeps ({@link ChainFlags}). Throws {@link TransferException} when the hosts
     * no longer have a flag the chain needs.
     */
    default Set<SendOption> chainOptions(SendStep step, Set<SendOption> used, Consumer<String> log) {
        return used;
    }

    /**
     * After a failed or cancelled step, waits until the target is as it was before the step (a
     * user-space ZFS such as zfs-fuse discards a partial receive after its client has gone).
     */
    default void settle(SendStep step, Set<SendOption> used, TransferOptions options, Consumer<String> log) {
    }

    /**
     * The options the step's zfs recv runs with: {@code options}, or with what the receive records
     * itself ({@link ChainFlags#recordedByReceive}).
     */
    default TransferOptions receiving(SendStep step, Set<SendOption> used, TransferOptions options) {
        return options;
    }

    /**
     * Before {@link #startRun}: a recursive listing of the sources' topmost datasets made just before
     * the run (the holds'), which the run's checks take instead of listing the source again.
     */
    default void sourceListed(io.jenkins.plugins.zfsreplication.zfs.Listing listing) {
    }

    /**
     * After a run: this host's listing of the target's trees of {@code tops}, made after the run's
     * last receive, where one was (it is taken once), for {@link Arrivals} to read instead of
     * listing the target again.
     */
    default java.util.Optional<io.jenkins.plugins.zfsreplication.zfs.Listing> targetListedAfterRun(
            java.util.List<io.jenkins.plugins.zfsreplication.zfs.DatasetName> tops) {
        return java.util.Optional.empty();
    }

    /** Before a run: the plan whose steps follow. */
    default void startRun(io.jenkins.plugins.zfsreplication.plan.ReplicationPlan plan) {
    }

    /**
     * After a step received well: what it left on the target is made what a backup copy must be
     * (see {@link ZfsPreflight#received}). Throws {@link TransferException} when it cannot be: the
     * step then failed.
     */
    default void received(SendStep step, Set<SendOption> used, TransferOptions options, Consumer<String> log) {
    }

    /**
     * After a step received well, instead of {@link #received}: true when its check is left to
     * {@link #receivedAll}, after the run's last receive, with the other steps' checks batched.
     */
    default boolean receivedLater(SendStep step, Set<SendOption> used, TransferOptions options, Consumer<String> log) {
        return false;
    }

    /**
     * After the run's last step: the checks {@link #receivedLater} left, every target's made at
     * once. Returns each such target to what its check did or found (its step's record) and, when
     * the check failed (its step then failed), why; "" when it did not.
     */
    default java.util.Map<io.jenkins.plugins.zfsreplication.zfs.DatasetName, LaterCheck> receivedAll(
            TransferOptions options) {
        return java.util.Map.of();
    }

    /** What a check after the run's last receive did to one target ({@code lines}), and why it failed, or "". */
    record LaterCheck(java.util.List<String> lines, String error) {
        public LaterCheck {
            lines = java.util.List.copyOf(lines);
        }
    }

    /**
     * After a step whose receive only failed to mount what it received (see
     * {@link ZfsPreflight#receivedUnmounted}): true when the step arrived all the same.
     */
    default boolean receivedUnmounted(SendStep step, Set<SendOption> used, TransferOptions options, Consumer<String> log) {
        return false;
    }
}
