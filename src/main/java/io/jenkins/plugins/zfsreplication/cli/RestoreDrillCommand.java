package io.jenkins.plugins.zfsreplication.cli;

import io.jenkins.plugins.zfsreplication.restore.DrillException;
import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import io.jenkins.plugins.zfsreplication.restore.DrillRequest;
import io.jenkins.plugins.zfsreplication.restore.RestoreDrill;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.units.SizeException;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code zfs-replication restore-drill}: receive a snapshot of the backup into a scratch dataset on
 * this host, verify it against the source's manifest, time it, destroy the scratch dataset.
 */
@Command(name = "restore-drill", mixinStandardHelpOptions = true,
        description = {"Prove a backup restores: receive SNAPSHOT into the new dataset SCRATCH on this host (raw when",
            "encrypted; the key loaded from --key-file), verify it against the source's manifest, report bytes and",
            "the receive's time (the recovery time), then destroy SCRATCH, also when cancelled (SIGINT, SIGTERM).",
            "Writes restore-drill.json (and the verify's manifest and report) into --artifacts.",
            "Exit status: 0 identical, 1 mismatch, failed or unverified, 2 bad input, 130 cancelled."})
final class RestoreDrillCommand implements Callable<Integer> {
    private final CliEnvironment environment;

    @Option(names = "--snapshot", required = true, paramLabel = "POOL/DATASET@NAME",
            description = "The backup's snapshot to restore (on this host).")
    String snapshot;

    @Option(names = "--scratch", required = true, paramLabel = "POOL/DATASET",
            description = "The dataset to restore into: must not exist; destroyed afterwards.")
    String scratch;

    @Option(names = "--manifest", required = true, paramLabel = "FILE",
            description = "The source's manifest of the same snapshot (zfs-replication verify on the source).")
    Path manifest;

    @Option(names = "--key-file", paramLabel = "FILE",
            description = "For an encrypted backup: its key or passphrase, loaded into the scratch copy only.")
    Path keyFile;

    @Option(names = "--artifacts", paramLabel = "DIR", defaultValue = ".",
            description = "Where restore-drill.json and the verify's files go (default: the current directory).")
    Path artifacts;

    @Option(names = "--rate-limit", paramLabel = "SIZE",
            description = "Receive at most SIZE bytes a second (e.g. 200M), to spare the backup host's disks.")
    String rateLimit;

    RestoreDrillCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public Integer call() throws Exception {
        DrillRequest request;
        TransferOptions transfer;
        try {
            request = new DrillRequest(SnapshotName.parse(snapshot), DatasetName.of(scratch), manifest, keyFile);
            transfer = rateLimit == null ? TransferOptions.defaults()
                    : TransferOptions.defaults().withBuffer(TransferOptions.DEFAULT_BUFFER, Sizes.parse(rateLimit));
            if (!Files.isDirectory(artifacts)) {
                throw new DrillException("The artifact directory %s does not exist", artifacts);
            }
        } catch (ZfsException | DrillException | SizeException e) {
            return CliErrors.badInput(environment, e);
        }
        RestoreDrill drill = new RestoreDrill(new Zfs(environment.localRunner()), environment.localRunner(), transfer,
                line -> environment.err().println(line), Clock.systemUTC());
        DrillRecord record;
        try (CancelOnSignal signals = new CancelOnSignal(drill::cancel)) {
            record = drill.run(request, artifacts);
        } catch (DrillException e) {
            return CliErrors.badInput(environment, e);
        }
        environment.out().printf(Locale.ROOT, "restore drill %s@%s -> %s: %s; %d bytes received in %.1f s (recovery time), "
                        + "verified in %.1f s; scratch dataset %s%n", record.dataset(), record.snapshot(), record.subject().scratch(),
                record.result(), record.outcome().bytes(), record.outcome().receiveSeconds(), record.outcome().verifySeconds(),
                record.outcome().scratchDestroyed() ? "destroyed" : "NOT destroyed (see the log)");
        environment.out().flush();
        if (record.outcome().error() != null) {
            environment.err().println("error: " + record.outcome().error());
            environment.err().flush();
        }
        return switch (record.result()) {
            case IDENTICAL -> record.outcome().scratchDestroyed() ? 0 : Main.FAILED;
            case CANCELLED -> 130;
            case MISMATCH, UNVERIFIED, FAILED, RUNNING -> Main.FAILED;
        };
    }
}
