package io.jenkins.plugins.zfsreplication.restore;

import io.jenkins.plugins.zfsreplication.files.Sha256;
import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.transfer.LocalTransport;
import io.jenkins.plugins.zfsreplication.transfer.SendOption;
import io.jenkins.plugins.zfsreplication.transfer.StepGate;
import io.jenkins.plugins.zfsreplication.transfer.StepOutcome;
import io.jenkins.plugins.zfsreplication.transfer.StepResult;
import io.jenkins.plugins.zfsreplication.transfer.TransferEngine;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;
import io.jenkins.plugins.zfsreplication.transfer.TransferSetup;
import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.verify.ManifestHeader;
import io.jenkins.plugins.zfsreplication.verify.ManifestReader;
import io.jenkins.plugins.zfsreplication.verify.Manifests;
import io.jenkins.plugins.zfsreplication.verify.VerifyCancelledException;
import io.jenkins.plugins.zfsreplication.verify.VerifyException;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;
import io.jenkins.plugins.zfsreplication.verify.VerifyRun;
import io.jenkins.plugins.zfsreplication.verify.ZfsCloneMounter;
import io.jenkins.plugins.zfsreplication.verify.ZfsChanges;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Feature;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A restore drill on this host: receive a snapshot of the backup into a new scratch dataset
 * ({@code zfs send [-w] | zfs recv}, raw when the backup is encrypted), load its key when one is
 * given, verify the copy against the source's manifest, and destroy the scratch dataset again. The
 * record is written before anything is created and again at the end; the scratch dataset is
 * destroyed in every case, cancelled or failed, with the thread's interrupt cleared meanwhile so
 * that the destroy itself is not cut short. Only a scratch dataset this drill received (its
 * snapshot has the backup's GUID) is ever destroyed.
 */
public final class RestoreDrill {
    /** The artifacts' name prefix: restore-drill.json, restore-drill.manifest, restore-drill-report.json ... */
    public static final String NAME = "restore-drill";
    /**
     * The scratch dataset's user property naming the drill that received it: a drill destroys only a
     * scratch dataset with its own id. The snapshot's GUID alone does not tell two drills of the same
     * snapshot apart.
     */
    public static final String DRILL_ID = "zfs-replication:drill-id";
    private static final int BUSY_ATTEMPTS = 20;

    private final Zfs zfs;
    private final CommandRunner runner;
    private final Consumer<String> log;
    private final Clock clock;
    private final TransferOptions transfer;
    private volatile boolean cancelled;
    private volatile TransferEngine engine;
    private volatile Thread thread;

    /**
     * @param runner   runs this host's commands (the verify's clone); {@code zfs} goes through it
     * @param transfer the receive's buffer and rate limit (a drill need not saturate the backup's disks);
     *                 the raw flag is chosen by the drill
     */
    public RestoreDrill(Zfs zfs, CommandRunner runner, TransferOptions transfer, Consumer<String> log, Clock clock) {
        this.zfs = zfs;
        this.runner = runner;
        this.transfer = transfer;
        this.log = log;
        this.clock = clock;
    }

    /** Stops the drill where it is (receive or verify); it still destroys the scratch dataset and records. */
    public void cancel() {
        cancelled = true;
        TransferEngine running = engine;
        if (running != null) {
            running.cancel();
        }
        Thread drilling = thread;
        if (drilling != null) {
            drilling.interrupt();
        }
    }

    /**
     * Runs the drill, writing its artifacts into {@code artifacts}. Bad input and a scratch dataset
     * that exists fail with {@link DrillException} before anything is created or written.
     */
    public DrillRecord run(DrillRequest request, Path artifacts) throws IOException {
        VerifyOptions options = referenceOptions(request.reference());
        String referenceSha256 = Sha256.of(request.reference());
        SnapshotName snapshot = request.snapshot();
        DatasetName scratch = request.scratch();
        String guid;
        try {
            guid = zfs.property(snapshot.toString(), "guid");
        } catch (ZfsException e) {
            throw new DrillException("Cannot restore %s: %s", snapshot, e.getMessage());
        }
        if (zfs.exists(scratch)) {
            throw new DrillException("The scratch dataset %s exists already: a drill receives into a new dataset and "
                    + "destroys it afterwards; name one that does not exist", scratch);
        }
        DatasetName parent = DatasetName.of(scratch.name().substring(0, scratch.name().lastIndexOf('/')));
        if (!zfs.exists(parent)) {
            throw new DrillException("The scratch dataset's parent %s does not exist", parent);
        }
        boolean encrypted = zfs.capabilities().has(Feature.RAW_SEND)
                && !"off".equals(zfs.property(snapshot.dataset().name(), "encryption"));
        if (request.keyFile() != null && !Files.isRegularFile(request.keyFile())) {
            throw new DrillException("The key file %s does not exist or is not a file", request.keyFile());
        }
        String drillId = java.util.UUID.randomUUID().toString();
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        Consumer<String> logged = line -> {
            lines.add(line);
            log.accept(line);
        };
        DrillRecord record = new DrillRecord(new DrillRecord.Subject(zfs.host(), snapshot.dataset().name(),
                snapshot.snapshot(), guid, scratch.name(), String.valueOf(request.reference().getFileName()),
                referenceSha256), new DrillRecord.Keys(encrypted, encrypted, false), clock.instant(), null,
                DrillRecord.Outcome.running(), List.of());
        // the record names the scratch dataset before it exists: a drill killed outright says what to remove
        write(artifacts, record);
        thread = Thread.currentThread();
        DrillResult result = DrillResult.FAILED;
        String error = null;
        String comparison = null;
        long bytes = 0;
        double receiveSeconds = 0;
        double verifySeconds = 0;
        boolean keyLoaded = false;
        boolean received = false;
        try {
            logged.accept("drill id " + drillId + " (" + DRILL_ID + " of " + scratch + ")");
            StepResult step = receive(snapshot, guid, scratch, encrypted, drillId, logged);
            bytes = step.measured().bytes();
            receiveSeconds = step.measured().seconds();
            received = step.outcome() == StepOutcome.OK;
            if (received) {
                mark(scratch, drillId);
            }
            if (!received) {
                result = step.outcome() == StepOutcome.CANCELLED || cancelled ? DrillResult.CANCELLED : DrillResult.FAILED;
                error = step.message();
            } else if (encrypted && request.keyFile() == null) {
                result = DrillResult.UNVERIFIED;
                error = "the backup is encrypted and no key was given: received raw, not verified";
            } else {
                if (encrypted) {
                    logged.accept("zfs load-key -L file://" + request.keyFile().toAbsolutePath() + " " + scratch);
                    zfs.loadKey(scratch, request.keyFile());
                    keyLoaded = true;
                }
                checkCancelled();
                VerifyRun verifyRun = new VerifyRun(options, VerifyRun.DEFAULT_SAMPLE_MILLIS, null,
                        verifyLog -> new ZfsCloneMounter(runner, line -> {
                            verifyLog.accept(line);
                            logged.accept(line);
                        }), verifyLog -> new ZfsChanges(runner, verifyLog));
                VerifyRun.Outcome outcome = verifyRun.run(scratch.snapshot(snapshot.snapshot()).toString(), artifacts,
                        VerifyRun.Outputs.named(artifacts, NAME), null,
                        request.reference().toAbsolutePath().toString()).outcome(artifacts);
                verifySeconds = outcome.figures().seconds();
                comparison = outcome.comparisonSummary();
                if (outcome.cancelled() != null) {
                    throw new DrillCancelled(outcome.cancelled());
                }
                result = Boolean.TRUE.equals(outcome.identical()) ? DrillResult.IDENTICAL : DrillResult.MISMATCH;
            }
        } catch (VerifyCancelledException | DrillCancelled e) {
            result = DrillResult.CANCELLED;
            error = e.getMessage();
        } catch (ZfsException | VerifyException e) {
            result = cancelled ? DrillResult.CANCELLED : DrillResult.FAILED;
            error = e.getMessage();
        } finally {
            thread = null;
            // the cleanup and the final record run with the interrupt cleared (an interrupted thread's file
            // channel closes itself: the record would stay "running"), and it is set again afterwards
            boolean interrupted = Thread.interrupted();
            try {
                boolean destroyed = cleanUp(scratch, snapshot, guid, drillId, received, logged);
                record = record.finished(clock.instant(), new DrillRecord.Outcome(result, bytes, receiveSeconds,
                        verifySeconds, comparison, destroyed, error), keyLoaded, new ArrayList<>(lines));
                write(artifacts, record);
            } finally {
                if (interrupted || Thread.interrupted()) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        return record;
    }

    /**
     * Where zfs recv could not set the drill's id as it received ({@code recv -o}: zfs-fuse has none),
     * it is set right after: the receive succeeded, so the dataset is this drill's.
     */
    private void mark(DatasetName scratch, String drillId) {
        if (!zfs.capabilities().has(Feature.RECEIVE_OVERRIDES)) {
            zfs.setProperty(scratch.name(), DRILL_ID, drillId);
        }
    }

    private StepResult receive(SnapshotName snapshot, String guid, DatasetName scratch, boolean raw, String drillId,
                               Consumer<String> logged) {
        checkCancelled();
        SnapshotRef to = new SnapshotRef(snapshot.snapshot(), Long.parseUnsignedLong(guid), 0, 0);
        SendStep step = new SendStep(snapshot.dataset(), scratch, SendKind.FULL, null, to, null, false, -1);
        ReplicationPlan plan = new ReplicationPlan(clock.instant(), zfs.host(), zfs.host(), List.of(
                new DatasetPlan(snapshot.dataset(), scratch, DatasetAction.SEND, "restore drill", List.of(step))));
        TransferOptions options = transfer.withRequested(raw ? Set.of(SendOption.RAW) : Set.of());
        if (zfs.capabilities().has(Feature.RECEIVE_OVERRIDES)) {
            // the mark arrives with the dataset: from its first moment it is this drill's, and no other's
            java.util.Map<String, String> set = new java.util.HashMap<>(options.receiving().recvSet());
            set.put(DRILL_ID, drillId);
            options = options.withRecvProperties(set, options.receiving().recvExclude());
        }
        TransferSetup setup = TransferSetup.zfs(new LocalTransport(), zfs, zfs, ProcessSite.local(), ProcessSite.local(),
                StepGate.KEEP_ALL);
        logged.accept("receiving " + snapshot + " into " + scratch + (raw ? " (raw: zfs send -w)" : ""));
        engine = new TransferEngine(setup, options, logged, clock);
        if (cancelled) {
            engine.cancel();
        }
        TransferReport report = engine.run(plan);
        return report.steps().get(0);
    }

    /**
     * Destroys the scratch dataset if this drill made it (called with the interrupt cleared): it is
     * marked with this drill's id, or this drill's receive made it (and marking it failed). Another
     * drill of the same snapshot into the same scratch dataset, started at the same moment, has a
     * copy with the same GUID but not this id: it is left alone. True when it is gone (or never
     * came to be).
     */
    private boolean cleanUp(DatasetName scratch, SnapshotName snapshot, String guid, String drillId, boolean received,
                            Consumer<String> logged) {
        try {
            if (!zfs.exists(scratch)) {
                return true;
            }
            String copyGuid = null;
            try {
                copyGuid = zfs.property(scratch.snapshot(snapshot.snapshot()).toString(), "guid");
            } catch (ZfsException e) {
                // no such snapshot: not (or not wholly) our copy
            }
            if (!guid.equals(copyGuid)) {
                logged.accept("not destroyed: " + scratch + " exists but holds no snapshot with the backup's GUID "
                        + guid + " (not this drill's copy" + (received ? "" : ", or a receive cut short") + ")");
                return false;
            }
            String marked = zfs.localValues(List.of(scratch), DRILL_ID).get(scratch);
            if (!drillId.equals(marked) && !(received && marked == null)) {
                logged.accept("not destroyed: " + scratch + " is " + (marked == null ? "not marked with a drill id"
                        : "the copy of drill " + io.jenkins.plugins.zfsreplication.text.TerminalText.line(marked))
                        + ", not this drill's (" + drillId + "): another drill into the same scratch dataset?");
                return false;
            }
            destroy(scratch, logged);
            return !zfs.exists(scratch);
        } catch (ZfsException e) {
            logged.accept("could not destroy " + scratch + ": " + e.getMessage());
            return false;
        }
    }

    /**
     * {@code zfs destroy -r}, again while zfs calls the dataset busy: right after the verify's clone
     * is unmounted and destroyed zfs-fuse still does for a moment, and a scratch dataset left behind
     * because of that would be the one thing a drill must not leave.
     */
    private void destroy(DatasetName scratch, Consumer<String> logged) {
        for (int attempt = 1; ; attempt++) {
            logged.accept("zfs destroy -r " + scratch);
            try {
                zfs.destroyRecursively(scratch);
                return;
            } catch (ZfsException e) {
                if (attempt == BUSY_ATTEMPTS || !e.getMessage().contains("busy")) {
                    throw e;
                }
                logged.accept("busy, trying again in 0.5 s: " + e.getMessage());
                try {
                    Thread.sleep(500);
                } catch (InterruptedException interrupted) {
                    // the cleanup runs to its end; the caller sets the interrupt again afterwards
                    Thread.interrupted();
                }
            }
        }
    }

    private void checkCancelled() {
        if (cancelled) {
            throw new DrillCancelled();
        }
    }

    private static VerifyOptions referenceOptions(Path reference) {
        if (!Files.isRegularFile(reference) || !Manifests.hasHeader(reference)) {
            throw new DrillException("The source's manifest %s does not exist or is not a zfs-replication manifest",
                    reference);
        }
        try (ManifestReader reader = ManifestReader.open(reference, null)) {
            ManifestHeader header = reader.header();
            return Manifests.optionsOf(header, VerifyOptions.defaults());
        } catch (VerifyException e) {
            throw new DrillException("The source's manifest %s cannot be read: %s", reference, e.getMessage());
        }
    }

    private static void write(Path artifacts, DrillRecord record) throws IOException {
        AtomicFile.write(artifacts.resolve(DrillRecord.FILE_NAME), DrillJson.write(record));
    }

    private static final class DrillCancelled extends RuntimeException {
        private static final long serialVersionUID = 1L;

        DrillCancelled() {
            this("the drill was cancelled");
        }

        DrillCancelled(String message) {
            super(message);
        }
    }
}
