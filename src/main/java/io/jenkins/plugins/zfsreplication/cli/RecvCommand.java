package io.jenkins.plugins.zfsreplication.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;

import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.transfer.SendRecvJob;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpListener;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpReceiveSide;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.WorkDirectory;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.End;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code zfs-replication recv TARGET --listen ADDRESS}: the receiving half of the tcp transport on the
 * target host. Prints the endpoint and the one-time token, accepts one connection that presents the
 * token and only then starts {@code zfs recv}.
 */
@Command(name = "recv", description = "Listen for one tcp connection, check its one-time token, then zfs recv "
        + "into TARGET. Prints 'endpoint HOST:PORT', 'token HEX' and 'certificate BASE64' (TLS; or writes token and "
        + "certificate, one a line, to --token-file), and 'fingerprint SHA256'.")
final class RecvCommand implements Callable<Integer> {
    private final CliEnvironment environment;

    @Parameters(index = "0", paramLabel = "TARGET", description = "The receiving dataset.")
    private DatasetName target;

    @Option(names = "--listen", paramLabel = "ADDRESS", required = true, description = "Address to listen on.")
    private String listen;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "0", description = "0 = any free port (default).")
    private int port;

    @Option(names = "--rollback", description = "zfs recv -F: roll the target back to the stream's base first.")
    private boolean rollback;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "Write the token and the certificate to FILE (mode 600) instead of printing them.")
    private Path tokenFile;

    @Mixin
    private TransferCliOptions transfer = new TransferCliOptions();

    RecvCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    /** The options, the address and the files, checked before anything listens or runs. */
    private TransferOptions check() {
        TransferOptions options = transfer.toOptions().withBuffer(0, 0); // the sender buffers
        TcpListener.checkAddress(listen);
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port " + port + " is not a TCP port (0-65535; 0 = any free port)");
        }
        OutputDirectory.check(transfer.artifacts, "--artifacts");
        if (tokenFile != null) {
            Path parent = tokenFile.toAbsolutePath().getParent();
            if (Files.isDirectory(tokenFile) || parent == null || !Files.isDirectory(parent)) {
                throw new IllegalArgumentException("--token-file " + TerminalText.line(tokenFile.toString())
                        + ": not a file in an existing directory");
            }
        }
        return options;
    }

    @Override
    public Integer call() throws Exception {
        TransferOptions options = CliErrors.input(this::check);
        Zfs zfs = new Zfs(environment.localRunner());
        Path work = Files.createTempDirectory("zfsr-recv-");
        try (TcpListener listener = TcpListener.listen(ProcessSite.local(), listen, port, options, work)) {
            environment.err().println(transfer.tcpProtection());
            // the certificate is public; it goes with the token so that the sender can pin it
            String certificate = listener.certificate() == null ? "" : listener.certificate().encoded();
            if (tokenFile != null) {
                // whole before the endpoint is printed: a script that waits for the endpoint and then reads
                // the file never sees it empty or half written (owner-only, renamed into place)
                AtomicFile.write(tokenFile, listener.token() + "\n" + (certificate.isEmpty() ? "" : certificate + "\n"),
                        AtomicFile.PRIVATE);
            }
            environment.out().println("endpoint " + listener.host() + ":" + listener.port());
            if (tokenFile == null) {
                environment.out().println("token " + listener.token());
                if (!certificate.isEmpty()) {
                    environment.out().println("certificate " + certificate);
                }
            }
            if (listener.certificate() != null) {
                environment.out().println("fingerprint " + listener.certificate().fingerprint());
            }
            environment.out().flush();
            // the stream names its snapshot itself; the step only carries the target and the recv flags
            SendStep step = new SendStep(target, target, SendKind.FULL, null, new SnapshotRef("stream", 0, 0, 0),
                    null, rollback, -1);
            ReplicationPlan plan = new ReplicationPlan(Instant.now(), "remote sender", new End.ThisHost().planHost(), List.of(
                    new DatasetPlan(target, target, DatasetAction.SEND, "recv command", List.of(step))));
            SendRecvJob job = SendRecvJob.receivingSide(new TcpReceiveSide(listener), zfs, options,
                    environment.err()::println);
            return TransferRun.execute(environment, job, plan, transfer.artifacts);
        } finally {
            for (Path left : WorkDirectory.delete(work)) {
                environment.err().println("warning: could not remove " + left);
            }
        }
    }
}
