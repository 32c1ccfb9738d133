package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.zfs.Capabilities;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Feature;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * The send flags a target's chain was started with, kept for its life. Switching large blocks
 * ({@code -L}) or compressed blocks between the incrementals of one chain has corrupted data in
 * OpenZFS, and raw ({@code -w}) cannot change at all; so the full receive that starts a chain
 * records its flags on the target dataset ({@link #PROPERTY}, set there, never taken from a
 * stream), and every later step of the chain sends with those, whatever this run asks for and
 * whatever an upgrade has made the hosts support. Only a new full send (a reseed: destroy the
 * target, or receive into a new one) starts a chain with other flags.
 */
public final class ChainFlags {
    /** The target dataset's user property: the chain's flags by name ("compressed,large-blocks"), or "none". */
    public static final String PROPERTY = "zfs-replication:send-flags";
    /** The flags a chain keeps. */
    static final List<SendOption> PINNED = List.of(SendOption.RAW, SendOption.COMPRESSED, SendOption.LARGE_BLOCKS,
            SendOption.EMBEDDED);
    private static final String NONE = "none";

    private ChainFlags() {
    }

    /**
     * Whether {@code step}'s zfs recv records its chain's flags itself ({@code -o}, as the receiving
     * host's own value, whatever the stream carries): a full step this run sends (its flags are known
     * here) into a zfs that takes {@code recv -o}. The record is then made with the receive, in the
     * same command, instead of by a {@code zfs set} after it: one command less a new dataset, and no
     * moment in which the copy exists unrecorded. Elsewhere (zfs-fuse; a receiving side not told
     * what was sent) {@link #record} sets it after the receive.
     *
     * @param sender the sending side's zfs, null on a receiving side that is only handed a stream
     */
    static boolean recordedByReceive(SendStep step, Zfs sender, Zfs target) {
        return step.kind() == SendKind.FULL && sender != null
                && target != null && target.capabilities().has(Feature.RECEIVE_OVERRIDES);
    }

    /**
     * Whether {@code step}'s chain flags are recorded after the run's last receive, with the other
     * new chains' in one {@code zfs set} per value ({@link #recordAll}), instead of one set after
     * each receive: a full step into a zfs that has no {@code recv -o} (zfs-fuse) and none of the
     * features the pinned flags need. Such a target reads no stream made with them, so its chains
     * are "none" whatever a run asks for; a run that dies before the record leaves a copy
     * unrecorded, and the next run's first step records its own flags ({@link #forTarget}), which
     * for this target are "none" too.
     */
    static boolean recordedAfterRun(SendStep step, Zfs sender, Zfs target) {
        return step.kind() == SendKind.FULL && target != null && !recordedByReceive(step, sender, target)
                && PINNED.stream().noneMatch(option -> target.capabilities().has(option.feature()));
    }

    /**
     * Records each of {@code chains} (target to its {@link #format}ted flags): one {@code zfs set}
     * for all those of one value; where that fails, one each, so that only the targets zfs refused
     * are returned, each with why (its step then failed, as after {@link #record}).
     */
    static Map<DatasetName, TransferException> recordAll(Zfs target, Map<DatasetName, String> chains) {
        Map<String, List<DatasetName>> byValue = new TreeMap<>();
        chains.forEach((dataset, value) -> byValue.computeIfAbsent(value, v -> new ArrayList<>()).add(dataset));
        Map<DatasetName, TransferException> failed = new HashMap<>();
        byValue.forEach((value, datasets) -> {
            try {
                target.setProperty(datasets, PROPERTY, value);
            } catch (ZfsException batch) {
                for (DatasetName dataset : datasets) {
                    try {
                        target.setProperty(dataset.name(), PROPERTY, value);
                    } catch (ZfsException e) {
                        failed.put(dataset, notRecorded(dataset, e));
                    }
                }
            }
        });
        return failed;
    }

    private static TransferException notRecorded(Object dataset, ZfsException e) {
        return new TransferException(e, "%s: could not record the send flags of its chain (%s): %s", dataset,
                PROPERTY, e.getMessage());
    }

    /**
     * A full receive starts a chain: its send flags are recorded on the target. A copy whose key is
     * not loaded arrived raw, whatever this side was told (a receiving side is not told which
     * datasets the sender sent raw).
     */
    static void record(Zfs target, SendStep step, Set<SendOption> used) {
        Set<SendOption> chain = EnumSet.noneOf(SendOption.class);
        chain.addAll(used);
        if (!chain.contains(SendOption.RAW) && target.capabilities().has(Feature.RAW_SEND)
                && "unavailable".equals(target.property(step.target().name(), "keystatus"))) {
            chain.add(SendOption.RAW);
        }
        try {
            target.setProperty(step.target().name(), PROPERTY, format(chain));
        } catch (ZfsException e) {
            throw notRecorded(step.target(), e);
        }
    }

    /**
     * The options an incremental step sends with: its chain's flags, read on the target (or, on a
     * sending side without it, from what was read there before the run). A chain not recorded yet
     * (received before the record existed) gets the run's, recorded now where the target is here.
     *
     * @param target null on a sending side, which has {@code tokens} instead (or, told nothing, null too)
     */
    static Set<SendOption> forTarget(Zfs source, Zfs target, ResumeTokens tokens, SendStep step, Set<SendOption> used,
                                     Consumer<String> log) {
        // a sending side told nothing of the target (the command line's split send) has nothing to go by
        String recorded = target != null ? target.localValues(List.of(step.target()), PROPERTY).get(step.target())
                : tokens == null ? null : tokens.sendFlags(step.target()).orElse(null);
        if (recorded != null) {
            return forStep(step, used, recorded, source.capabilities(), target == null ? null : target.capabilities(),
                    log);
        }
        if (target != null) {
            target.setProperty(step.target().name(), PROPERTY, format(used));
            log.accept(String.format("%s: the send flags of its chain were not recorded (it was started before they "
                    + "were): this run's recorded (%s=%s)", step.target(), PROPERTY, format(used)));
        }
        return used;
    }

    /** What the property records for a chain started with {@code used}. */
    static String format(Set<SendOption> used) {
        List<String> names = PINNED.stream().filter(used::contains).map(SendOption::optionName).toList();
        return names.isEmpty() ? NONE : String.join(",", names);
    }

    /** The flags a recorded value names; a value this code did not write fails the step (it says why). */
    static Set<SendOption> parse(SendStep step, String recorded) {
        Set<SendOption> flags = EnumSet.noneOf(SendOption.class);
        if (!recorded.equals(NONE)) {
            for (String name : recorded.split(",", -1)) {
                SendOption option = PINNED.stream().filter(o -> o.optionName().equals(name)).findFirst()
                        .orElseThrow(() -> new TransferException("%s: its %s is '%s', not a list of %s or 'none': set "
                                + "it right (zfs set %s=... %s) or reseed it; nothing was sent", step.target(), PROPERTY,
                                io.jenkins.plugins.zfsreplication.text.TerminalText.line(recorded),
                                PINNED.stream().map(SendOption::optionName).toList(), PROPERTY, step.target()));
                flags.add(option);
            }
        }
        return flags;
    }

    /**
     * The options an incremental step of a chain recorded as {@code recorded} sends with: the run's,
     * with the chain's flags in place of the run's; logged when they differ. Fails when a host no
     * longer has a flag the chain needs.
     *
     * @param target the target's capabilities, null when unknown here (a sending side)
     */
    static Set<SendOption> forStep(SendStep step, Set<SendOption> used, String recorded, Capabilities source,
                                   Capabilities target, Consumer<String> log) {
        Set<SendOption> chain = parse(step, recorded);
        List<String> lacking = new ArrayList<>();
        for (SendOption option : chain) {
            if (option.needsSource() && !source.has(option.feature())) {
                lacking.add(option.optionName() + " (source " + source.host() + ")");
            }
            if (target != null && option.needsTarget() && !target.has(option.feature())) {
                lacking.add(option.optionName() + " (target " + target.host() + ")");
            }
        }
        if (!lacking.isEmpty()) {
            throw new TransferException("%s: its chain was started with %s (%s), which the hosts no longer have: %s. "
                    + "Reseed it (destroy the target, or receive into a new one, and send in full) or bring the feature "
                    + "back; nothing was sent", step.target(), recorded, PROPERTY, String.join(", ", lacking));
        }
        Set<SendOption> sent = EnumSet.noneOf(SendOption.class);
        used.stream().filter(option -> !PINNED.contains(option)).forEach(sent::add);
        sent.addAll(chain);
        if (!sent.equals(used.isEmpty() ? EnumSet.noneOf(SendOption.class) : EnumSet.copyOf(used))) {
            log.accept(String.format("%s: sent with its chain's flags (%s), not this run's (%s): a chain keeps the "
                    + "flags it was started with (%s); reseed it to change them", step.target(), recorded,
                    format(used), PROPERTY));
        }
        return Set.copyOf(sent);
    }
}
