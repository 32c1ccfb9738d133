package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import io.jenkins.plugins.zfsreplication.restore.DrillException;
import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import io.jenkins.plugins.zfsreplication.verify.CopyCheck;
import io.jenkins.plugins.zfsreplication.verify.CopyFinding;
import io.jenkins.plugins.zfsreplication.verify.VerifyCancelledException;
import io.jenkins.plugins.zfsreplication.verify.VerifyException;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

/**
 * One night of verify coverage, the engine's entry point for it (the command line's
 * {@code coverage}, the {@code zfsCoverage} step, and a whole night run from one command all call
 * {@link #run}): the ledger of the night before brought to what the copy holds now, tonight's
 * slice chosen and read on this host against the source's manifests, optionally a random restore
 * drill, and coverage-ledger.json and coverage-night.json written into the artifacts directory
 * (both under a temporary name, renamed). Prints nothing: the log is in the report.
 */
public final class NightlySlice {
    private final CoverageHost host;
    private final Consumer<String> log;

    /** @param log also sees every line as it happens (a build log, stderr) */
    public NightlySlice(CoverageHost host, Consumer<String> log) {
        this.host = host;
        this.log = log;
    }

    /**
     * Runs the night. Bad input ({@link CoverageException}: a store that is not a directory, a
     * ledger of a later night) fails before anything is read or written.
     */
    public NightReport run(NightRequest request, Path artifacts) throws IOException {
        if (!Files.isDirectory(artifacts)) {
            throw new CoverageException("The artifacts directory %s does not exist", artifacts);
        }
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        Consumer<String> logged = line -> {
            lines.add(line);
            log.accept(line);
        };
        ManifestStore store = new ManifestStore(request.manifests(), request.root());
        Horizon horizon = new Horizon(request.nights(), request.now());
        LedgerFiles.Loaded loaded = LedgerFiles.load(request.previousLedger(), request.nights(), request.now(), logged);
        Reconciler reconciler = new Reconciler(host, store, request.now(), logged);
        Ledger ledger = reconciler.reconcile(loaded.ledger(), host.snapshots(request.root()));
        SlicePlan plan = SlicePlanner.plan(ledger, horizon, request.budgetBytes());
        logged.accept(String.format(java.util.Locale.ROOT, "tonight's slice: %d bytes of %d (%d never read, %d due)",
                plan.sliceBytes(), plan.workBytes(), plan.neverReadBytes(), plan.dueBytes()));
        Reads reads = new Reads(host, store, request, logged);
        ledger = reads.run(ledger, plan);
        List<NightFinding> findings = new ArrayList<>(reconciler.findings);
        findings.addAll(reads.findings);
        long findingCount = reconciler.findings.size() + reads.findingCount;
        // a cancelled night drills nothing: the drill's clone and reads would be cancelled as well
        DrillRecord drill = reads.cancelled != null ? null : drill(request, ledger, store, artifacts, logged);
        CoverageSummary coverage = CoverageSummary.of(ledger, request.now());
        NightReport.Guarantee guarantee = Guarantees.of(ledger, horizon, plan, request.budgetBytes(),
                request.budgetTime(), loaded.ledger());
        long arrived = reconciler.added.stream().mapToLong(NightReport.Added::toReadBytes).sum();
        Ledger.NightSummary night = new Ledger.NightSummary(request.now(), reads.checked, plan.budgetBytes(),
                plan.workBytes(), arrived,
                new Ledger.NightSummary.After(coverage.bytes(), coverage.matchedBytes(), coverage.oldest()),
                reads.seconds);
        Ledger.DrillEntry drilled = drill == null ? null : new Ledger.DrillEntry(request.now(), drill.dataset(),
                drill.snapshot(), drill.guid(), drill.result().label());
        ledger = ledger.after(loaded.link(), night, drilled, request.nights());
        NightReport report = new NightReport(new NightReport.Basis(host.host(), request.root().name(), request.now(),
                request.nights(), request.budgetBytes(), request.budgetTime(), loaded.startNote(),
                loaded.link() == null ? null : loaded.link().sha256()),
                new NightReport.Slice(plan, reads.checked, reads.read, reads.seconds, reads.stopped, reads.cancelled,
                        reads.done),
                new NightReport.Changes(reconciler.added, reconciler.pruned),
                new NightReport.Findings(findings.subList(0, (int) Math.min(findings.size(), CopyCheck.LISTED)),
                        findingCount), coverage, guarantee, drill, List.copyOf(lines));
        // a cancelled night writes them too: AtomicFile holds the interrupt back while it writes
        AtomicFile.write(artifacts.resolve(LedgerJson.FILE_NAME), LedgerJson.write(ledger));
        AtomicFile.write(artifacts.resolve(NightReport.FILE_NAME), NightJson.write(report));
        return report;
    }

    private DrillRecord drill(NightRequest request, Ledger ledger, ManifestStore store, Path artifacts,
                              Consumer<String> logged) {
        if (request.drill() == null) {
            return null;
        }
        SnapshotCoverage chosen = DrillChoice.choose(ledger.snapshots(), request.drill().seed(), request.now());
        if (chosen == null) {
            logged.accept("restore drill: no snapshot with a source manifest to drill");
            return null;
        }
        logged.accept("restore drill: " + chosen.name() + " (seed " + request.drill().seed() + ") into "
                + request.drill().scratch());
        try {
            return host.drill(Reads.copy(chosen), store.path(chosen.manifest()), request.drill().scratch(), artifacts);
        } catch (DrillException | ZfsException e) {
            logged.accept("restore drill: could not run: " + e.getMessage());
            return null;
        }
    }

    /** Tonight's reads, snapshot by snapshot, and what they found. */
    private static final class Reads {
        private final CoverageHost host;
        private final ManifestStore store;
        private final NightRequest request;
        private final Consumer<String> log;
        final List<NightFinding> findings = new ArrayList<>();
        final List<NightReport.Read> done = new ArrayList<>();
        long findingCount;
        long checked;
        long read;
        double seconds;
        boolean stopped;
        /** Why the reads were cancelled (this thread was interrupted), or null. */
        String cancelled;

        Reads(CoverageHost host, ManifestStore store, NightRequest request, Consumer<String> log) {
            this.host = host;
            this.store = store;
            this.request = request;
            this.log = log;
        }

        Ledger run(Ledger ledger, SlicePlan plan) {
            long deadline = request.budgetTime() == null ? Long.MAX_VALUE
                    : System.nanoTime() + request.budgetTime().toNanos();
            List<SnapshotCoverage> snapshots = new ArrayList<>(ledger.snapshots());
            for (SlicePlan.Target target : plan.targets()) {
                if (stopped || cancelled != null) {
                    break;
                }
                SnapshotCoverage snapshot = target.snapshot();
                if (Thread.currentThread().isInterrupted()) {
                    cancelled = "cancelled before reading " + snapshot.name();
                    break;
                }
                String changed = Reconciler.changed(snapshot, store);
                if (changed != null) {
                    // never compared against a manifest other than the one first used: it cannot count from now on
                    findingCount++;
                    findings.add(NightFinding.ofSnapshot(snapshot, "manifest", changed));
                    snapshots.set(snapshots.indexOf(snapshot), snapshot.withProblem(changed));
                    continue;
                }
                CopyCheck.Result result = check(snapshot, target, deadline);
                if (result != null) {
                    snapshots.set(snapshots.indexOf(snapshot), LedgerEdits.read(snapshot, result.runs(), request.now()));
                }
            }
            return ledger.with(snapshots);
        }

        private CopyCheck.Result check(SnapshotCoverage snapshot, SlicePlan.Target target, long deadline) {
            CopySnapshot copy = copy(snapshot);
            try {
                CopyCheck.Result result = host.check(copy, store.path(snapshot.manifest()), target.ranges(),
                        target.listing(), deadline);
                checked += result.checkedBytes();
                read += result.readBytes();
                seconds += result.seconds();
                stopped |= result.stopped();
                findingCount += result.findingCount();
                for (CopyFinding finding : result.findings()) {
                    findings.add(NightFinding.of(copy, finding));
                }
                done.add(new NightReport.Read(copy.dataset(), copy.snapshot(), copy.guid(), result.runs(),
                        result.checkedBytes(), result.readBytes()));
                log.accept(String.format(java.util.Locale.ROOT, "read %s: %d bytes in %d range(s), %d finding(s)",
                        copy.name(), result.checkedBytes(), target.ranges().size(), result.findingCount()));
                return result;
            } catch (VerifyCancelledException e) {
                // what was read of this snapshot before the cancel is not kept: a read counts once it ended
                cancelled = e.getMessage();
                log.accept("cancelled: " + e.getMessage());
                return null;
            } catch (VerifyException | ZfsException e) {
                findingCount++;
                findings.add(NightFinding.ofSnapshot(snapshot, "unreadable", "could not be read: " + e.getMessage()));
                log.accept("could not read " + copy.name() + ": " + e.getMessage());
                return null;
            }
        }

        /** The snapshot as the host knows it (whether it is of a volume matters only to a delta, not to a read). */
        static CopySnapshot copy(SnapshotCoverage snapshot) {
            return new CopySnapshot(snapshot.dataset(), snapshot.snapshot(), snapshot.guid(), snapshot.createtxg(), false);
        }
    }
}
