package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import io.jenkins.plugins.zfsreplication.steps.shared.FieldText;
import io.jenkins.plugins.zfsreplication.topology.Carriage;
import io.jenkins.plugins.zfsreplication.topology.Topology;
import io.jenkins.plugins.zfsreplication.steps.shared.SshKey;
import io.jenkins.plugins.zfsreplication.transfer.SendOption;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.transfer.TransferArtifacts;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;

/**
 * What zfsSendRecv and its freestyle builder pass to the agent: one serializable value, checked on
 * the controller (so a bad field fails before any agent work), carrying the engine's
 * {@link TransferOptions} whole: an engine option reaches the agent without a field here.
 *
 * @param plan        plan.json, relative to the workspace
 * @param transport   a {@link Carriage}'s word: "local", "ssh" or "tcp" (to the receiving side on the target's
 *                    agent, see {@link SendRecvTarget}); a string, as builds and running pipelines saved it
 * @param sshHost     [user@]host for ssh
 * @param sshOptions  ssh client arguments separated by spaces, e.g. "-p 2222 -i /var/lib/jenkins/.ssh/backup"
 * @param artifacts   workspace-relative directory for transfer.json, throughput.csv and throughput.svg
 * @param options     how the engine sends: zfs send/recv options, stages, concurrency, retries
 * @param sourceHost  pull: [user@]host where zfs send runs over ssh (with {@code sshOptions}), zfs recv on
 *                    this agent; "" to send from this agent
 */
public record SendRecvSettings(String plan, String transport, String sshHost, String sshOptions, String artifacts,
                               TransferOptions options, String sourceHost) implements Serializable {
    private static final long serialVersionUID = 3L;

    public SendRecvSettings {
        plan = FieldText.relative(plan, "plan");
        artifacts = FieldText.relative(artifacts == null || artifacts.isBlank() ? "zfs-transfer" : artifacts, "artifacts");
        Carriage carriage = transport == null || transport.isBlank() ? Carriage.PIPE : FieldText.transport(transport);
        transport = carriage.word();
        if (carriage == Carriage.SSH && (sshHost == null || sshHost.isBlank())) {
            throw new TransferException("The ssh transport needs sshHost ([user@]host)");
        }
        if (carriage == Carriage.SSH) {
            sshHost = SshCommandRunner.checkDestination(sshHost.strip());
        }
        sshOptions = sshOptions == null ? "" : sshOptions.strip();
        Objects.requireNonNull(options, "options");
        sourceHost = sourceHost == null ? "" : sourceHost.strip();
        if (!sourceHost.isEmpty()) {
            SshCommandRunner.checkDestination(sourceHost);
            // pulling receives on this agent: a transport or host that sends elsewhere contradicts it
            if (carriage != Carriage.PIPE) {
                throw new TransferException("sourceHost pulls: zfs send runs on %s over ssh and zfs recv on this agent, "
                        + "so transport '%s' does not go with it (leave transport empty or 'local'; sshOptions and "
                        + "sshCredentialsId are then for the source host)", sourceHost, transport);
            }
            if (sshHost != null && !sshHost.isBlank()) {
                throw new TransferException("sourceHost pulls to this agent; sshHost '%s' is the target of the ssh "
                        + "transport: give one of them", sshHost.strip());
            }
        }
    }

    /** Sending from this agent (no {@code sourceHost}). */
    public SendRecvSettings(String plan, String transport, String sshHost, String sshOptions, String artifacts,
                            TransferOptions options) {
        this(plan, transport, sshHost, sshOptions, artifacts, options, "");
    }

    /** Comma-separated option names as the step's {@code options} field holds them; "" for none. */
    public static Set<SendOption> sendOptions(String names) {
        return names == null || names.isBlank() ? Set.of()
                : Arrays.stream(names.split(",")).map(SendOption::byName).collect(Collectors.toSet());
    }

    public List<String> sshOptionList() {
        return sshOptions.isEmpty() ? List.of() : List.of(sshOptions.split("\\s+"));
    }

    /**
     * The workspace files a run of these settings writes and archives, named from the settings alone
     * (the artifacts directory and the engine's fixed file names), never from what an agent returned:
     * a compromised agent could otherwise have the controller archive any file of the workspace.
     */
    public List<String> artifactFiles() {
        List<String> files = new ArrayList<>();
        for (String name : List.of(TransferArtifacts.TRANSFER_JSON, TransferArtifacts.THROUGHPUT_CSV,
                TransferArtifacts.THROUGHPUT_SVG)) {
            files.add(artifacts + "/" + name);
        }
        if (carriage() == Carriage.TCP) {
            files.add(artifacts + "/" + TcpSendRecv.RECEIVE_LOG);
        }
        return files;
    }

    /**
     * The host of {@code sshHost} without a user ({@code backup@nas} is {@code nas}), as a credential's
     * domain names hosts: what the ssh key is looked up for.
     */
    public String sshHostName() {
        return SshKey.hostName(sshHost);
    }

    /** Pulling: the host of {@code sourceHost} without a user, what the ssh key is looked up for. */
    public String sourceHostName() {
        return SshKey.hostName(sourceHost);
    }

    /** How the stream travels, as the transport field names it. */
    public Carriage carriage() {
        return FieldText.transport(transport);
    }

    /** The host this agent reaches over ssh: sourceHost when pulling, sshHost with the ssh transport; "" for none. */
    public String sshDestination() {
        return pulls() ? sourceHost : carriage() == Carriage.SSH ? sshHost : "";
    }

    /**
     * Where the ends run when this agent sends or, pulling, receives, the remote end reached as
     * {@code destination} with {@code sshOptions} (the agent adds a credential's user and key file).
     * For tcp the receiving end runs on {@code targetAgent}, where the controller starts it.
     */
    public Topology topology(String destination, List<String> sshOptions, String targetAgent) {
        End here = new End.ThisHost();
        if (pulls()) {
            return new Topology(new End.OverSsh(destination, sshOptions), here, Carriage.SSH);
        }
        return switch (carriage()) {
            case PIPE -> Topology.local();
            case SSH -> new Topology(here, new End.OverSsh(destination, sshOptions), Carriage.SSH);
            case TCP -> new Topology(here, new End.Elsewhere(targetAgent), Carriage.TCP);
        };
    }

    /** Whether zfs send runs on {@code sourceHost} over ssh (pull) rather than on this agent. */
    public boolean pulls() {
        return !sourceHost.isEmpty();
    }
}
