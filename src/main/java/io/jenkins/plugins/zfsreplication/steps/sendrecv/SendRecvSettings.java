package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.units.Sizes;
import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import io.jenkins.plugins.zfsreplication.transfer.Compression;
import io.jenkins.plugins.zfsreplication.transfer.RetryPolicy;
import io.jenkins.plugins.zfsreplication.transfer.SendOption;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.transfer.TransferArtifacts;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;

/**
 * What zfsSendRecv and its freestyle builder pass to the agent: one serializable value, checked on
 * the controller (so a bad field fails before any agent work) and turned into the engine's
 * {@link TransferOptions} on the agent.
 *
 * @param plan        plan.json, relative to the workspace
 * @param transport   "local", "ssh" or "tcp" (to the receiving side on the target's agent, see {@link SendRecvTarget})
 * @param sshHost     [user@]host for ssh
 * @param sshOptions  ssh client arguments separated by spaces, e.g. "-p 2222 -i /var/lib/jenkins/.ssh/backup"
 * @param artifacts   workspace-relative directory for transfer.json, throughput.csv and throughput.svg
 * @param mountReceived let zfs recv mount what it receives; false: {@code zfs recv -u} where the target has it
 * @param retries     how often a step that failed for a transient reason is tried again; null for the default
 * @param retryDelay  seconds before the first retry (doubling after); null for the default
 * @param recvSet     {@code zfs recv -o}: PROPERTY=VALUE entries separated by spaces; "" for none
 * @param recvExclude {@code zfs recv -x}: property names separated by spaces or commas; "" for none
 */
public record SendRecvSettings(String plan, String transport, String sshHost, String sshOptions, int concurrency,
                               String options, String compression, String buffer, String rateLimit,
                               String artifacts, boolean mountReceived, Integer retries, Integer retryDelay,
                               String recvSet, String recvExclude) implements Serializable {
    private static final long serialVersionUID = 1L;

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
        options = options == null ? "" : options.strip();
        compression = compression == null || compression.isBlank() ? TransferOptions.DEFAULT_COMPRESSION
                : compression.strip();
        buffer = buffer == null || buffer.isBlank() ? TransferOptions.DEFAULT_BUFFER_SIZE : buffer.strip();
        rateLimit = rateLimit == null || rateLimit.isBlank() ? TransferOptions.NO_RATE_LIMIT : rateLimit.strip();
        recvSet = recvSet == null ? "" : recvSet.strip();
        recvExclude = recvExclude == null ? "" : recvExclude.strip();
        retries = retries == null ? Integer.valueOf(RetryPolicy.DEFAULT.retries()) : retries;
        retryDelay = retryDelay == null ? Integer.valueOf((int) RetryPolicy.DEFAULT.delay().toSeconds()) : retryDelay;
        options(options, compression, buffer, rateLimit, concurrency); // every field checked here, on the controller
        retry(retries, retryDelay);
        receiveProperties(recvSet, recvExclude);
    }

    /** Without {@code mountReceived}: the default, received file systems are not mounted. */
    public SendRecvSettings(String plan, String transport, String sshHost, String sshOptions, int concurrency,
                            String options, String compression, String buffer, String rateLimit, String artifacts) {
        this(plan, transport, sshHost, sshOptions, concurrency, options, compression, buffer, rateLimit, artifacts,
                false, null, null, "", "");
    }

    public TransferOptions toOptions() {
        TransferOptions receive = receiveProperties(recvSet, recvExclude);
        return options(options, compression, buffer, rateLimit, concurrency)
                .withRecvProperties(receive.recvSet(), receive.recvExclude()).withMountReceived(mountReceived)
                .withRetry(retry(retries, retryDelay));
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

    private static RetryPolicy retry(int retries, int delaySeconds) {
        return new RetryPolicy(retries, Duration.ofSeconds(delaySeconds));
    }

    private static TransferOptions options(String options, String compression, String buffer, String rateLimit,
                                           int concurrency) {
        Set<SendOption> requested = options.isEmpty() ? Set.of() : Arrays.stream(options.split(","))
                .map(SendOption::byName).collect(Collectors.toSet());
        return TransferOptions.defaults().withRequested(requested).withCompression(compression(compression))
                .withBuffer(Sizes.parse(buffer), Sizes.parse(rateLimit))
                .withConcurrency(concurrency).withTimes(Duration.ofSeconds(5), Duration.ofMinutes(2), Duration.ofMinutes(5));
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
        try {
            return Compression.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new TransferException("Unknown compression '%s': use none, zstd or lz4", name);
        }
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
