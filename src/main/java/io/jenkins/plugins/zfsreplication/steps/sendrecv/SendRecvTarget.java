package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.steps.shared.FieldChecks;
import java.io.Serializable;
import java.time.Instant;

import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.prune.PruneOptions;
import io.jenkins.plugins.zfsreplication.prune.RetentionPolicy;
import io.jenkins.plugins.zfsreplication.transfer.BaseHolds;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveServer;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;

/**
 * What zfsSendRecv knows of the target beyond the transport: the agent that receives over tcp,
 * where it listens, and the target's retention rules checked between steps. Checked on the
 * controller, carried to the agents.
 *
 * @param agent       the receiving agent's node name (tcp); "" for none
 * @param tcpAddress  the target host's address as the source host reaches it; the receiver listens there
 * @param tcpPort     0: any free ports; else the receiver's lanes take tcpPort, tcpPort+1 ... and the
 *                    control channel the next one (open these in the firewall between the hosts)
 * @param targetRules the target's retention rules (zfsPrune's grammar); "" for none
 * @param prefix      the snapshot naming's prefix the rules judge (as zfsPrune's); "" for the default
 * @param targetId    names the target across runs: what each dataset received is held on the source with
 *                    the tag zfs-replication:ID ({@link BaseHolds}); "" for none
 */
public record SendRecvTarget(String agent, String tcpAddress, int tcpPort, String targetRules, String prefix,
                             String targetId) implements Serializable {
    private static final long serialVersionUID = 1L;

    public SendRecvTarget {
        agent = agent == null ? "" : agent.strip();
        tcpAddress = tcpAddress == null ? "" : tcpAddress.strip();
        targetRules = targetRules == null ? "" : targetRules.strip();
        prefix = prefix == null || prefix.isBlank() ? SnapshotNaming.DEFAULT_PREFIX : prefix.strip();
        targetId = targetId == null ? "" : targetId.strip();
        if (!targetId.isEmpty()) {
            BaseHolds.checkTargetId(targetId);
        }
        FieldChecks.agentName(agent).ifPresent(problem -> {
            throw new TransferException("%s", problem);
        });
        if (!tcpAddress.isEmpty()) {
            addresses(tcpAddress, tcpPort);
        }
        retention(targetRules, prefix, Instant.EPOCH);
    }

    /** No target id. */
    public SendRecvTarget(String agent, String tcpAddress, int tcpPort, String targetRules, String prefix) {
        this(agent, tcpAddress, tcpPort, targetRules, prefix, "");
    }

    /** The default naming ({@value SnapshotNaming#DEFAULT_PREFIX}). */
    public SendRecvTarget(String agent, String tcpAddress, int tcpPort, String targetRules) {
        this(agent, tcpAddress, tcpPort, targetRules, "", "");
    }

    /** Where to record what each dataset received (the target id's holds on the source), or null without an id. */
    BaseHolds holds(Zfs source) {
        return holds(source, null);
    }

    /** The same, holding on the target too where this agent reaches its zfs ({@code target} not null). */
    BaseHolds holds(Zfs source, Zfs target) {
        return targetId.isEmpty() ? null : new BaseHolds(source, target, targetId);
    }

    /** Checks what the tcp transport needs: a target agent and the address its side listens on. */
    void requireTcp() {
        if (agent.isEmpty() || tcpAddress.isEmpty()) {
            throw new TransferException("The tcp transport needs targetAgent (the node that runs on the target host) "
                    + "and tcpAddress (that host's address as this agent reaches it)");
        }
    }

    /** Where the receiving side listens; its control channel shares the address. */
    ReceiveServer.Addresses addresses() {
        return addresses(tcpAddress, tcpPort);
    }

    private static ReceiveServer.Addresses addresses(String address, int port) {
        return new ReceiveServer.Addresses(address, address, address, port);
    }

    /** The target's rules for the checks between steps, or null: every step is sent. */
    PruneOptions retention(Instant wallClock) {
        return retention(targetRules, prefix, wallClock);
    }

    private static PruneOptions retention(String rules, String prefix, Instant wallClock) {
        SnapshotNaming naming = SnapshotNaming.of(prefix); // checked also without rules: a bad prefix is an error
        return rules.isEmpty() ? null : new PruneOptions(RetentionPolicy.parse(rules), null, naming,
                PruneOptions.NowMode.WALL_CLOCK, wallClock);
    }
}
