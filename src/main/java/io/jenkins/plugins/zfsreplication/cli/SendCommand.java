package io.jenkins.plugins.zfsreplication.cli;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;

import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.topology.Carriage;
import io.jenkins.plugins.zfsreplication.transfer.SendRecvJob;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.transfer.Preflight;
import io.jenkins.plugins.zfsreplication.transfer.StepGate;
import io.jenkins.plugins.zfsreplication.transfer.tcp.PinnedCertificate;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpSendSide;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zfs-replication send pool/fs@snap --target DATASET}: one step, both ends driven from here, or
 * with {@code --to HOST:PORT} only the sending half, to a {@code recv --listen} on the target host.
 */
@Command(name = "send", description = "Send one snapshot (full, -i or -I) to a target dataset, or to a waiting "
        + "'recv --listen' with --to.")
final class SendCommand implements Callable<Integer> {
    /** A token is a line of hex; a token file of more is not one. */
    private static final long MAX_TOKEN_FILE = 4096;
    private final CliEnvironment environment;

    @Parameters(index = "0", paramLabel = "POOL/FS@SNAP", description = "The snapshot to send.")
    private String snapshot;

    @Option(names = "--target", paramLabel = "DATASET", description = "The receiving dataset (not with --to).")
    private DatasetName target;

    static final class Base {
        @Option(names = {"-i", "--from"}, paramLabel = "SNAP", description = "Incremental from this snapshot (zfs send -i).")
        String incremental;
        @Option(names = {"-I", "--from-range"}, paramLabel = "SNAP",
                description = "Incremental with every snapshot in between (zfs send -I).")
        String range;
    }

    @ArgGroup(exclusive = true)
    private Base base = new Base();

    @Option(names = "--rollback", description = "zfs recv -F: roll the target back to the base first.")
    private boolean rollback;

    @Option(names = "--to", paramLabel = "HOST:PORT", description = "tcp: send to a receiver started with recv --listen.")
    private String to;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "tcp with --to: the receiver's token and, on its second line, its certificate, as recv "
                    + "--token-file wrote them (else environment ZFSR_TOKEN; never on the command line).")
    private Path tokenFile;

    @Option(names = "--certificate", paramLabel = "BASE64",
            description = "tcp with --to: the receiver's certificate as recv printed it, when not in --token-file "
                    + "(else environment ZFSR_CERTIFICATE). The only certificate the connection accepts.")
    private String certificate;

    @Mixin
    private TransferCliOptions transfer = new TransferCliOptions();

    @Mixin
    private TransportCliOptions transport = new TransportCliOptions();

    SendCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    /** What the command line gives, checked before any zfs command: the snapshot's name, the options, the receiver. */
    private record Checked(SnapshotName name, TransferOptions options, Transport transport) {
    }

    private Checked check() throws java.io.IOException {
        SnapshotName name = SnapshotName.parse(snapshot);
        TransferOptions options = transfer.toOptions();
        OutputDirectory.check(transfer.artifacts, "--artifacts");
        if (to != null) {
            return new Checked(name, options, tcpSendSide());
        }
        if (target == null) {
            throw new TransferException("Name the receiving dataset with --target (or a waiting receiver with --to)");
        }
        return new Checked(name, options, transport.transport(transport.topology(null)));
    }

    @Override
    public Integer call() throws Exception {
        Checked checked = CliErrors.input(this::check);
        Zfs targetZfs = to != null ? null : CliErrors.input(() -> transport.topology(null)
                .targetZfs(TransportCliOptions.local(environment)));
        SnapshotName name = checked.name();
        Zfs source = new Zfs(environment.localRunner());
        if (to != null) {
            DatasetName remote = target == null ? name.dataset() : target;
            ReplicationPlan plan = plan(step(source, name, remote));
            // the receiver probes its own zfs; this side knows only its own options
            SendRecvJob job = SendRecvJob.sendingSide(checked.transport(), source.capabilities(), source.capabilities(),
                    Preflight.NONE, StepGate.KEEP_ALL, checked.options(), environment.err()::println);
            return TransferRun.execute(environment, job, plan, transfer.artifacts);
        }
        ReplicationPlan plan = plan(step(source, name, target));
        if (transport.carriage() == Carriage.TCP) {
            environment.err().println(transfer.tcpProtection());
        }
        SendRecvJob job = SendRecvJob.bothEnds(checked.transport(), source, targetZfs, null, plan, checked.options(),
                environment.err()::println);
        return TransferRun.execute(environment, job, plan, transfer.artifacts);
    }

    private SendStep step(Zfs source, SnapshotName name, DatasetName receiving) {
        String from = base.incremental != null ? base.incremental : base.range;
        SendKind kind = base.incremental != null ? SendKind.INCREMENTAL
                : base.range != null ? SendKind.INCREMENTAL_RANGE : SendKind.FULL;
        var listing = source.list(List.of(name.dataset()), false, List.of());
        return new SendStep(name.dataset(), receiving, kind, from == null ? null : ref(listing, name.dataset(), from),
                ref(listing, name.dataset(), name.snapshot()), null, rollback, -1);
    }

    private static SnapshotRef ref(io.jenkins.plugins.zfsreplication.zfs.Listing listing, DatasetName dataset,
                                   String snapshot) {
        String shortName = snapshot.contains("@") ? SnapshotName.parse(snapshot).snapshot() : snapshot;
        ZfsObject found = listing.find(dataset.snapshot(shortName).toString()).orElseThrow(() -> new TransferException(
                "Snapshot %s@%s does not exist on this host: check the name (zfs-replication list -r %s)", dataset,
                shortName, dataset));
        return new SnapshotRef(shortName, found.guid(), found.createtxg(), found.creation());
    }

    private static ReplicationPlan plan(SendStep step) {
        return new ReplicationPlan(Instant.now(), new End.ThisHost().planHost(), "command line", List.of(new DatasetPlan(step.source(),
                step.target(), DatasetAction.SEND, "send command", List.of(step))));
    }

    private TcpSendSide tcpSendSide() throws java.io.IOException {
        int colon = to.lastIndexOf(':');
        if (colon < 1) {
            throw new TransferException("--to takes HOST:PORT as the receiver printed it, not '%s'", TerminalText.line(to));
        }
        // the address first, then the token and the certificate: each mistake named in the order it is written
        String host = to.substring(0, colon);
        int port;
        try {
            port = Integer.parseInt(to.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new TransferException("--to takes HOST:PORT, and '%s' is no port",
                    TerminalText.line(to.substring(colon + 1)));
        }
        new TcpSendSide(host, port, "-", null); // checks host and port only
        List<String> lines = tokenFile != null
                ? InputFile.readText(tokenFile, "the token file", MAX_TOKEN_FILE).strip().lines().map(String::strip).toList()
                : java.util.Arrays.asList(System.getenv("ZFSR_TOKEN"));
        String token = lines.isEmpty() ? null : lines.get(0);
        if (token == null || token.isBlank()) {
            throw new TransferException("The receiver's token is missing: give --token-file FILE or set ZFSR_TOKEN");
        }
        String pinned = certificate != null ? certificate : lines.size() > 1 ? lines.get(1)
                : System.getenv("ZFSR_CERTIFICATE");
        if (transfer.toOptions().stream().tcpPlaintext()) {
            if (pinned != null) {
                throw new TransferException("--plaintext, but the receiver gave a certificate: it speaks TLS");
            }
        } else if (pinned == null || pinned.isBlank()) {
            throw new TransferException("The receiver's certificate is missing: give the token file recv wrote, "
                    + "--certificate or ZFSR_CERTIFICATE (or --plaintext on both sides)");
        }
        environment.err().println(transfer.tcpProtection()
                + (pinned == null ? "" : ", sha256 " + new PinnedCertificate(pinned.strip()).fingerprint()));
        return new TcpSendSide(host, port, token.strip(), pinned == null ? null : new PinnedCertificate(pinned.strip()));
    }
}
