package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import io.jenkins.plugins.zfsreplication.transfer.Compression;
import io.jenkins.plugins.zfsreplication.transfer.SendOption;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.transfer.TransferArtifacts;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;

/**
 * What zfsSendRecv and its freestyle builder pass to the agent: one serializable value, checked on
 * the controller (so a bad field fails before any agent work), carrying the engine's
 * {@link TransferOptions} whole: an engine option reaches the agent without a field here.
 *
 * @param plan        plan.json, relative to the workspace
 * @param transport   "local", "ssh" or "tcp" (to the receiving side on the target's agent, see {@link SendRecvTarget})
 * @param sshHost     [user@]host for ssh
 * @param sshOptions  ssh client arguments separated by spaces, e.g. "-p 2222 -i /var/lib/jenkins/.ssh/backup"
 * @param artifacts   workspace-relative directory for transfer.json, throughput.csv and throughput.svg
 * @param options     how the engine sends: zfs send/recv options, stages, concurrency, retries
 */
public record SendRecvSettings(String plan, String transport, String sshHost, String sshOptions, String artifacts,
                               TransferOptions options) implements Serializable {
    private static final long serialVersionUID = 2L;

    public SendRecvSettings {
        plan = relative(plan, "plan");
        artifacts = relative(artifacts == null || artifacts.isBlank() ? "zfs-transfer" : artifacts, "artifacts");
        transport = transport(transport == null || transport.isBlank() ? "local" : transport);
        if ("ssh".equals(transport) && (sshHost == null || sshHost.isBlank())) {
            throw new TransferException("The ssh transport needs sshHost ([user@]host)");
        }
        if ("ssh".equals(transport)) {
            sshHost = SshCommandRunner.checkDestination(sshHost.strip());
        }
        sshOptions = sshOptions == null ? "" : sshOptions.strip();
        Objects.requireNonNull(options, "options");
    }

    /**
     * The defaults with {@code zfs recv -o/-x} as written in the step: "canmount=off compression=lz4",
     * "mountpoint,sharenfs". Checked like every other field, on the controller.
     */
    public static TransferOptions receiveProperties(String set, String exclude) {
        java.util.Map<String, String> properties = new java.util.LinkedHashMap<>();
        for (String entry : set.isBlank() ? new String[0] : set.strip().split("\\s+")) {
            int equals = entry.indexOf('=');
            if (equals <= 0) {
                throw new TransferException("recvSet takes PROPERTY=VALUE entries separated by spaces, not '%s'", entry);
            }
            properties.put(entry.substring(0, equals), entry.substring(equals + 1));
        }
        List<String> excluded = exclude.isBlank() ? List.of() : List.of(exclude.strip().split("[\\s,]+"));
        return TransferOptions.defaults().withRecvProperties(properties, excluded);
    }

    /** Comma-separated option names as the step's {@code options} field holds them; "" for none. */
    public static Set<SendOption> sendOptions(String names) {
        return names == null || names.isBlank() ? Set.of()
                : Arrays.stream(names.split(",")).map(SendOption::byName).collect(Collectors.toSet());
    }

    public static String transport(String name) {
        String transport = name.strip();
        if (!List.of("local", "ssh", "tcp").contains(transport)) {
            throw new TransferException("Unknown transport '%s': zfsSendRecv runs 'local', 'ssh' or 'tcp' (tcp needs "
                    + "targetAgent and tcpAddress)", transport);
        }
        return transport;
    }

    public static Compression compression(String name) {
        return Compression.byName(name);
    }

    public List<String> sshOptionList() {
        return sshOptions.isEmpty() ? List.of() : List.of(sshOptions.split("\\s+"));
    }

    /** Workspace-relative, no way out of the workspace. */
    public static String relative(String path, String field) {
        if (path == null || path.isBlank()) {
            throw new TransferException("%s is required", field);
        }
        String clean = path.strip();
        if (clean.startsWith("/") || List.of(clean.split("/")).contains("..")) {
            throw new TransferException("%s must be a path inside the workspace, not '%s'", field, clean);
        }
        return clean;
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
        if ("tcp".equals(transport)) {
            files.add(artifacts + "/" + TcpSendRecv.RECEIVE_LOG);
        }
        return files;
    }

    /**
     * The host of {@code sshHost} without a user ({@code backup@nas} is {@code nas}), as a credential's
     * domain names hosts: what the ssh key is looked up for.
     */
    public String sshHostName() {
        String host = sshHost == null ? "" : sshHost.substring(sshHost.lastIndexOf('@') + 1);
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }
}
