package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import java.util.Objects;

import io.jenkins.plugins.zfsreplication.zfs.Capabilities;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;

/**
 * The parts of a run that do not change from step to step: how the stream travels, what produces
 * and consumes it, where each side runs, what each side's zfs supports, the checks before each
 * step and the retention gate between steps.
 */
public record TransferSetup(Transport transport, StreamCommands commands, ProcessSite sender, ProcessSite receiver,
                            Capabilities sourceCapabilities, Capabilities targetCapabilities, Preflight preflight,
                            StepGate gate) {
    public TransferSetup {
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(commands, "commands");
        Objects.requireNonNull(sender, "sender");
        Objects.requireNonNull(receiver, "receiver");
        Objects.requireNonNull(sourceCapabilities, "sourceCapabilities");
        Objects.requireNonNull(targetCapabilities, "targetCapabilities");
        Objects.requireNonNull(preflight, "preflight");
        Objects.requireNonNull(gate, "gate");
    }

    /** zfs send and zfs recv between the two hosts' zfs, both probed, every step checked first. */
    public static TransferSetup zfs(Transport transport, Zfs source, Zfs target, ProcessSite sender, ProcessSite receiver,
                                    StepGate gate) {
        return zfs(transport, source, target, sender, receiver, gate, false);
    }

    /** The same, creating a full send's missing target parents when {@code createParents}. */
    public static TransferSetup zfs(Transport transport, Zfs source, Zfs target, ProcessSite sender, ProcessSite receiver,
                                    StepGate gate, boolean createParents) {
        return zfs(transport, source, target, sender, receiver, gate, createParents, false);
    }

    /** The same, running the rollbacks a plan names only when {@code allowRollback} (the receiving side's consent). */
    public static TransferSetup zfs(Transport transport, Zfs source, Zfs target, ProcessSite sender, ProcessSite receiver,
                                    StepGate gate, boolean createParents, boolean allowRollback) {
        return new TransferSetup(transport, new ZfsStreamCommands(), sender, receiver, source.capabilities(),
                target.capabilities(), new ZfsPreflight(source, target).creatingParents(createParents)
                .allowingRollback(allowRollback), gate);
    }
}
