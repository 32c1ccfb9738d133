package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.verify.CopyFinding;
import io.jenkins.plugins.zfsreplication.verify.SnapshotDelta;
import io.jenkins.plugins.zfsreplication.verify.VerifyException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Brings the ledger to what the copy holds tonight: snapshots destroyed since (a prune) are
 * spliced out, their knowledge passed to the snapshot that inherits from them; snapshots received
 * since are added, their segments from what the copy's zfs says changed since the nearest earlier
 * snapshot that counts, or all to read; every snapshot's manifest is looked up again (it may have
 * arrived, it may have changed) and its GUID compared with the one the source recorded.
 */
final class Reconciler {
    private final CoverageHost host;
    private final ManifestStore store;
    private final Instant now;
    private final Consumer<String> log;
    final List<NightFinding> findings = new ArrayList<>();
    final List<NightReport.Added> added = new ArrayList<>();
    final List<String> pruned = new ArrayList<>();

    Reconciler(CoverageHost host, ManifestStore store, Instant now, Consumer<String> log) {
        this.host = host;
        this.store = store;
        this.now = now;
        this.log = log;
    }

    /**
     * Which snapshot of the copy an entry is: its dataset, GUID and createtxg. The GUID alone
     * survives a copy destroyed and received again (or rolled back and the same snapshots received
     * again): the blocks read then are gone, and the new ones have another createtxg, so the ledger
     * starts over with them instead of crediting the old reads.
     */
    private static String identity(String dataset, String guid, long createtxg) {
        return dataset + "\n" + guid + "\n" + createtxg;
    }

    private static boolean same(SnapshotCoverage known, CopySnapshot snapshot) {
        return known.dataset().equals(snapshot.dataset()) && known.guid().equals(snapshot.guid())
                && known.createtxg() == snapshot.createtxg();
    }

    Ledger reconcile(Ledger ledger, List<CopySnapshot> listed) {
        Set<String> present = new HashSet<>();
        listed.forEach(s -> present.add(identity(s.dataset(), s.guid(), s.createtxg())));
        List<SnapshotCoverage> kept = new ArrayList<>(ledger.snapshots());
        kept.sort(Comparator.comparingLong(SnapshotCoverage::createtxg));
        for (SnapshotCoverage snapshot : List.copyOf(kept)) {
            if (!present.contains(identity(snapshot.dataset(), snapshot.guid(), snapshot.createtxg()))) {
                // as it is now: splicing an earlier one may have rewritten it
                prune(kept, current(kept, snapshot));
            }
        }
        Set<String> known = new HashSet<>();
        List<SnapshotCoverage> current = new ArrayList<>();
        for (SnapshotCoverage snapshot : kept) {
            known.add(identity(snapshot.dataset(), snapshot.guid(), snapshot.createtxg()));
            current.add(snapshot.manifest() == null ? snapshot : recheck(snapshot));
        }
        List<CopySnapshot> arrived = new ArrayList<>();
        for (CopySnapshot snapshot : listed) {
            SnapshotCoverage waiting = waiting(current, snapshot);
            if (!known.contains(identity(snapshot.dataset(), snapshot.guid(), snapshot.createtxg())) || waiting != null) {
                current.remove(waiting);
                arrived.add(snapshot);
            }
        }
        arrived.sort(Comparator.comparing(CopySnapshot::dataset).thenComparingLong(CopySnapshot::createtxg));
        for (CopySnapshot snapshot : arrived) {
            SnapshotCoverage before = waiting(ledger.snapshots(), snapshot);
            current.add(add(current, snapshot, before == null ? now : before.firstSeen()));
        }
        current.sort(Comparator.comparing(SnapshotCoverage::dataset).thenComparingLong(SnapshotCoverage::createtxg));
        return ledger.with(current);
    }

    private static SnapshotCoverage current(List<SnapshotCoverage> snapshots, SnapshotCoverage snapshot) {
        for (SnapshotCoverage known : snapshots) {
            if (known.dataset().equals(snapshot.dataset()) && known.guid().equals(snapshot.guid())
                    && known.createtxg() == snapshot.createtxg()) {
                return known;
            }
        }
        throw new IllegalStateException(snapshot.name() + " is no longer in the ledger");
    }

    /** The ledger's entry of {@code snapshot} when it is still waiting for its manifest, else null. */
    private static SnapshotCoverage waiting(List<SnapshotCoverage> snapshots, CopySnapshot snapshot) {
        for (SnapshotCoverage known : snapshots) {
            if (same(known, snapshot) && known.manifest() == null) {
                return known;
            }
        }
        return null;
    }

    private void prune(List<SnapshotCoverage> snapshots, SnapshotCoverage gone) {
        for (int i = 0; i < snapshots.size(); i++) {
            SnapshotCoverage child = snapshots.get(i);
            if (child.dataset().equals(gone.dataset()) && gone.guid().equals(child.base())) {
                snapshots.set(i, LedgerEdits.splice(child, gone, this::bytesBetween));
                log.accept("destroyed since the last night: " + gone.name() + "; what " + child.name()
                        + " shared with it is now its own, with what the ledger knew of it");
            }
        }
        snapshots.remove(gone);
        pruned.add(gone.name());
    }

    /** Exact bytes between ordinals, from the snapshot's manifest. */
    private long[] bytesBetween(SnapshotCoverage snapshot, long[] boundaries) {
        return ManifestBytes.between(store.path(snapshot.manifest()), boundaries);
    }

    /**
     * A snapshot known with its manifest: a problem it has is said again every night (its bytes do
     * not count until it is gone). The manifest's bytes are compared with the first ones where it is
     * used (read, or built on), not every night: a store of months of manifests is not read nightly.
     */
    private SnapshotCoverage recheck(SnapshotCoverage snapshot) {
        if (snapshot.problem() != null) {
            findings.add(NightFinding.ofSnapshot(snapshot, snapshot.problem().startsWith(CHANGED) ? "manifest" : "guid",
                    snapshot.problem()));
        }
        return snapshot;
    }

    /** What a problem with a changed or vanished manifest starts with. */
    static final String CHANGED = "its source manifest ";

    /** Why the manifest of {@code snapshot} can no longer be trusted (changed or gone since first used), or null. */
    static String changed(SnapshotCoverage snapshot, ManifestStore store) {
        String sha256 = store.sha256Now(snapshot.manifest());
        if (snapshot.manifest().sha256().equals(sha256)) {
            return null;
        }
        return CHANGED + snapshot.manifest().path() + (sha256 == null ? " is gone" : " changed since it was first used"
                + " (sha256 " + sha256 + ", first " + snapshot.manifest().sha256() + ")");
    }

    /** Why the snapshot cannot count as matched with this manifest, as far as GUIDs tell; null when it can. */
    private static String problem(SnapshotCoverage snapshot, ManifestBinding binding) {
        if (binding.sourceGuid() != null && !binding.sourceGuid().equals(snapshot.guid())) {
            return "the source made its manifest of " + snapshot.snapshot() + " with GUID " + binding.sourceGuid()
                    + ", the copy's has GUID " + snapshot.guid() + ": not the snapshot the source sent";
        }
        return null;
    }

    private SnapshotCoverage add(List<SnapshotCoverage> ledger, CopySnapshot snapshot, Instant firstSeen) {
        Optional<ManifestStore.Found> found = store.find(snapshot.dataset(), snapshot.snapshot());
        if (found.isEmpty()) {
            log.accept(snapshot.name() + ": no source manifest in the store yet; it counts as not matched since "
                    + firstSeen);
            added.add(new NightReport.Added(snapshot.dataset(), snapshot.snapshot(), snapshot.guid(), null, 0, 0,
                    "no source manifest in the store"));
            return new SnapshotCoverage(snapshot.identity(), firstSeen, null, null, 0, 0, null, List.of());
        }
        SnapshotCoverage base = base(ledger, snapshot);
        SnapshotDelta.Result delta = delta(base, snapshot, found.get().path());
        for (CopyFinding extra : delta.extra()) {
            findings.add(NightFinding.of(snapshot, extra));
        }
        List<Segment> segments = LedgerEdits.segments(delta, now);
        long chunks = segments.isEmpty() ? 0 : segments.get(segments.size() - 1).to();
        long bytes = segments.stream().mapToLong(Segment::bytes).sum();
        boolean inherits = segments.stream().anyMatch(Segment::inherited);
        SnapshotCoverage entry = new SnapshotCoverage(snapshot.identity(), firstSeen, found.get().binding(), null,
                chunks, bytes, inherits ? base.guid() : null, segments);
        String problem = problem(entry, found.get().binding());
        if (problem != null) {
            findings.add(NightFinding.ofSnapshot(entry, "guid", problem));
        }
        added.add(new NightReport.Added(snapshot.dataset(), snapshot.snapshot(), snapshot.guid(),
                inherits ? base.snapshot() : null, bytes - delta.toReadBytes(), delta.toReadBytes(),
                delta.fullBecause()));
        return entry.withProblem(problem);
    }

    /** The nearest earlier snapshot of the same dataset that counts as matched: the base of a new one. */
    private static SnapshotCoverage base(List<SnapshotCoverage> ledger, CopySnapshot snapshot) {
        SnapshotCoverage base = null;
        for (SnapshotCoverage known : ledger) {
            if (known.dataset().equals(snapshot.dataset()) && known.createtxg() < snapshot.createtxg() && known.valid()
                    && (base == null || known.createtxg() > base.createtxg())) {
                base = known;
            }
        }
        return base;
    }

    private SnapshotDelta.Result delta(SnapshotCoverage base, CopySnapshot snapshot, Path manifest) {
        if (base == null) {
            return SnapshotDelta.full(manifest, null);
        }
        String changed = changed(base, store);
        if (changed != null) {
            return SnapshotDelta.full(manifest, "the base " + base.snapshot() + " cannot be built on: " + changed);
        }
        CopySnapshot earlier = new CopySnapshot(base.dataset(), base.snapshot(), base.guid(), base.createtxg(),
                snapshot.volume());
        try {
            return host.delta(earlier, store.path(base.manifest()), snapshot, manifest);
        } catch (VerifyException e) {
            log.accept(snapshot.name() + ": read in full: what changed since " + base.snapshot() + " could not be"
                    + " followed: " + e.getMessage());
            return SnapshotDelta.full(manifest, e.getMessage());
        }
    }
}
