package io.jenkins.plugins.zfsreplication.coverage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

/**
 * Months of nights of the real night (ledger, reconciling, slice, reads applied, guarantee) over a
 * {@link SimulatedCopy}: datasets that change every night, snapshots received and pruned (the
 * oldest, and now and then one in the middle), nights skipped, a ledger lost, a block of the copy's
 * device gone bad, a copy changed and snapshotted under the schedule's name, a copy rolled back or
 * destroyed and received again (the same snapshots, GUIDs and bytes in new blocks). An oracle that knows
 * every block and every read checks each night that
 * <ul>
 *   <li>the ledger claims a chunk matched at a night only when its block was read and found good
 *       then or later (the inheritance between snapshots claims nothing that was not read), and only
 *       of the copy as it is: a block read before the copy was received again counts for nothing;</li>
 *   <li>when the night says the guarantee holds, every block of every retained snapshot was read
 *       within N nights (or arrived since, unread yet);</li>
 *   <li>with a budget that can keep N nights, it holds once a round has been read since the last
 *       disruption;</li>
 *   <li>no night checks more than the budget;</li>
 *   <li>a bad block is named, by file and chunk, within N nights; a changed copy the night it arrives.</li>
 * </ul>
 */
class CoverageSimulationTest {
    private static final Instant START = Instant.parse("2026-01-01T02:00:00Z");
    static final int NIGHTS = 45;

    @Property(tries = 8)
    void shouldClaimOnlyWhatWasReadAndKeepEveryByteWithinNNights(@ForAll @LongRange(min = 1, max = 1_000_000) long seed)
            throws IOException {
        new Run(seed).run();
    }

    /** One simulated run: its world, its choices, the oracle's memory. */
    static final class Run {
        private final Random random;
        private final Path work;
        private final SimulatedCopy copy;
        private final int nights;
        private final int keep;
        private final long budget;
        private final Map<String, TreeMap<String, SimulatedCopy.File>> live = new TreeMap<>();
        /** When each physical block of the copy first was on it. */
        private final Map<Long, Instant> arrived = new HashMap<>();
        /** Damage not found yet: a bad block (or -1: the changed copy), where it is, and since when. */
        private final Map<Long, String[]> badBlocks = new HashMap<>();
        private final Map<Long, Instant> badSince = new HashMap<>();
        private final List<String> tampered = new ArrayList<>();
        private final int loseLedgerAt;
        private final int corruptAt;
        private final int tamperAt;
        private Instant disruption = START;
        private Instant restart = START;
        private Path previous;
        /** The faults this run brought, by kind, for the long run's summary. */
        final Map<String, Integer> faults = new TreeMap<>();

        Run(long seed) throws IOException {
            random = new Random(seed);
            work = Files.createTempDirectory("zfsr-coverage-sim-");
            copy = new SimulatedCopy(Files.createDirectories(work.resolve("store")));
            nights = 3 + random.nextInt(6);
            keep = nights + 1 + random.nextInt(10);
            int datasets = 1 + random.nextInt(3);
            long total = 0;
            for (int d = 0; d < datasets; d++) {
                TreeMap<String, SimulatedCopy.File> files = new TreeMap<>();
                for (int f = 5 + random.nextInt(10); f > 0; f--) {
                    SimulatedCopy.File file = newFile();
                    files.put("f" + f + "-" + d, file);
                    total += file.size();
                }
                live.put(SimulatedCopy.ROOT.resolve("d" + d).name(), files);
            }
            long daily = datasets * 9 * SimulatedCopy.CHUNK;
            long round = total + (long) keep * daily;
            budget = random.nextInt(4) == 0 ? 0 : (long) (1.5 * round / nights) + daily;
            loseLedgerAt = random.nextInt(3) == 0 ? 15 + random.nextInt(15) : -1;
            corruptAt = random.nextInt(2) == 0 ? 12 + random.nextInt(20) : -1;
            tamperAt = random.nextInt(3) == 0 ? 10 + random.nextInt(20) : -1;
        }

        private SimulatedCopy.File newFile() {
            int chunks = 1 + random.nextInt(6);
            List<Long> blocks = new ArrayList<>();
            for (int i = 0; i < chunks; i++) {
                blocks.add(copy.newBlock());
            }
            long size = (chunks - 1) * SimulatedCopy.CHUNK + 1 + random.nextInt((int) SimulatedCopy.CHUNK);
            return new SimulatedCopy.File(size, blocks);
        }

        void run() throws IOException {
            try {
                nights();
            } finally {
                try (var paths = Files.walk(work)) {
                    paths.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
                }
            }
        }

        private void nights() throws IOException {
            for (int night = 0; night < NIGHTS; night++) {
                Instant now = START.plus(Duration.ofDays(night));
                copy.now = now;
                changeAndReceive(night, now);
                if (night == corruptAt) {
                    corrupt(now);
                }
                if (night >= 10 && random.nextInt(12) == 0) {
                    receiveAgain(now);
                }
                boolean skipped = night > 8 && random.nextInt(10) == 0;
                if (skipped) {
                    faults.merge("night skipped", 1, Integer::sum);
                    disruption = now;
                    continue;
                }
                if (night == loseLedgerAt) {
                    faults.merge("ledger lost", 1, Integer::sum);
                    previous = work.resolve("lost.json");
                    disruption = now;
                    restart = now;
                }
                night(night, now);
            }
        }

        private void changeAndReceive(int night, Instant now) {
            for (Map.Entry<String, TreeMap<String, SimulatedCopy.File>> dataset : live.entrySet()) {
                if (tampered.contains(dataset.getKey())) {
                    continue; // the copy diverged: replication of this dataset stops
                }
                TreeMap<String, SimulatedCopy.File> files = dataset.getValue();
                if (night > 0) {
                    change(files, night);
                }
                if (night == tamperAt && dataset.getKey().endsWith("d0")) {
                    String path = files.firstKey();
                    SimulatedCopy.Snap snap = copy.tamper(dataset.getKey(), "n" + night, files, path, 0);
                    tampered.add(dataset.getKey());
                    faults.merge("copy changed", 1, Integer::sum);
                    arrived.putIfAbsent(copy.physical(snap.copy().get(path).blocks().get(0)), now);
                    badBlocks.put(-1L, new String[] {dataset.getKey(), snap.name(), path, "0"});
                    badSince.put(-1L, now);
                    continue;
                }
                SimulatedCopy.Snap snap = copy.snapshot(dataset.getKey(), "n" + night, files);
                copy.blocksOf(snap).forEach(block -> arrived.putIfAbsent(copy.physical(block), now));
                prune(dataset.getKey());
            }
        }

        private void change(TreeMap<String, SimulatedCopy.File> files, int night) {
            List<String> paths = new ArrayList<>(files.keySet());
            for (int k = 1 + random.nextInt(3); k > 0; k--) {
                String path = paths.get(random.nextInt(paths.size()));
                SimulatedCopy.File file = files.get(path);
                List<Long> blocks = new ArrayList<>(file.blocks());
                blocks.set(random.nextInt(blocks.size()), copy.newBlock());
                files.put(path, new SimulatedCopy.File(file.size(), blocks));
            }
            if (random.nextInt(3) == 0) {
                files.put("new-" + night, newFile());
            }
            if (random.nextInt(5) == 0 && files.size() > 3) {
                files.remove(paths.get(random.nextInt(paths.size())));
            }
        }

        private void prune(String dataset) {
            List<SimulatedCopy.Snap> snaps = new ArrayList<>(copy.retained(dataset));
            while (snaps.size() > keep) {
                copy.destroy(snaps.remove(0));
            }
            if (snaps.size() > 3 && random.nextInt(10) == 0) {
                copy.destroy(snaps.get(1 + random.nextInt(snaps.size() - 2)));
            }
        }

        /**
         * A copy that still replicates rolled back to one of its snapshots, or destroyed whole, and the
         * later snapshots received again: its new blocks arrive tonight, damage in them is gone.
         */
        private void receiveAgain(Instant now) {
            List<String> candidates = live.keySet().stream().filter(d -> !tampered.contains(d)
                    && copy.retained(d).size() >= 2).toList();
            if (candidates.isEmpty()) {
                return;
            }
            String dataset = candidates.get(random.nextInt(candidates.size()));
            int keep = random.nextInt(4) == 0 ? -1 : random.nextInt(copy.retained(dataset).size() - 1);
            faults.merge(keep < 0 ? "copy destroyed and received again" : "copy rolled back, received again", 1,
                    Integer::sum);
            java.util.Set<Long> written = copy.receiveAgain(dataset, keep);
            written.forEach(block -> arrived.put(copy.physical(block), now));
            badBlocks.keySet().removeAll(written);
            disruption = now;
        }

        /** A block of a retained snapshot of a dataset that still replicates goes bad on the copy's device. */
        private void corrupt(Instant now) {
            String dataset = live.keySet().iterator().next();
            List<SimulatedCopy.Snap> snaps = copy.retained(dataset);
            SimulatedCopy.Snap snap = snaps.get(random.nextInt(snaps.size()));
            String path = new ArrayList<>(snap.copy().keySet()).get(random.nextInt(snap.copy().size()));
            int chunk = random.nextInt(snap.copy().get(path).blocks().size());
            long block = snap.copy().get(path).blocks().get(chunk);
            copy.corrupt.put(copy.physical(block), now);
            faults.merge("block gone bad", 1, Integer::sum);
            badBlocks.put(block, new String[] {dataset, null, path, Integer.toString(chunk)});
            badSince.put(block, now);
        }

        private void night(int night, Instant now) throws IOException {
            Path run = Files.createDirectories(work.resolve("runs/" + night));
            NightRequest request = new NightRequest(SimulatedCopy.ROOT, work.resolve("store"), nights, budget, null, now,
                    previous, null);
            NightReport report = new NightlySlice(copy, line -> { }).run(request, run);
            previous = run.resolve(LedgerJson.FILE_NAME);
            Ledger ledger = LedgerJson.read(Files.readAllBytes(previous), previous.toString());
            String context = "night " + night + " of seed run (N " + nights + ", keep " + keep + ", budget " + budget
                    + "): " + report.summary();
            if (budget > 0) {
                assertThat(report.slice().checkedBytes()).as(context).isLessThanOrEqualTo(budget);
            }
            Horizon horizon = new Horizon(nights, now);
            checkClaims(ledger, horizon, context);
            if (report.guarantee().kept()) {
                checkGuarantee(ledger, horizon, context);
            }
            if (!now.isBefore(disruption.plus(Duration.ofDays(nights + 1)))) {
                assertThat(report.guarantee().overdueBytes()).as(context).isZero();
            }
            checkDamageFound(report, night, now, context);
        }

        /** Every chunk the ledger calls matched was read, good, at or after the night it names. */
        private void checkClaims(Ledger ledger, Horizon horizon, String context) {
            Resolver resolver = new Resolver(ledger.snapshots());
            for (SnapshotCoverage snapshot : ledger.snapshots()) {
                if (!snapshot.valid()) {
                    continue;
                }
                SimulatedCopy.Snap snap = copy.find(new CopySnapshot(snapshot.dataset(), snapshot.snapshot(),
                        snapshot.guid(), 0, false));
                if (snap.createtxg() != snapshot.createtxg()) {
                    fail(context + ": the ledger keeps " + snapshot.name() + " of createtxg " + snapshot.createtxg()
                            + "; the copy holds it as received again, createtxg " + snap.createtxg());
                }
                long[] ordinal = {0};
                resolver.resolve(snapshot, 0, snapshot.chunks(), (chunks, reading, owner, ownerFrom) -> {
                    for (long i = 0; i < chunks; i++, ordinal[0]++) {
                        if (reading.state() == Reading.State.MATCHED) {
                            long block = copy.physical(copy.blockAt(snap, ordinal[0]));
                            Instant read = copy.lastGoodRead.get(block);
                            // plain checks: AssertJ per chunk of every snapshot of every night costs seconds
                            if (read == null || read.isBefore(reading.matchedAt())) {
                                fail(context + ": " + snapshot.name() + " ordinal " + ordinal[0] + " block " + block
                                        + " claimed matched at " + reading.matchedAt() + ", last read good " + read);
                            }
                        }
                    }
                });
            }
        }

        /** Every block of every retained snapshot was read good within N nights, or arrived since. */
        private void checkGuarantee(Ledger ledger, Horizon horizon, String context) {
            for (SnapshotCoverage snapshot : ledger.snapshots()) {
                if (!snapshot.valid()) {
                    continue;
                }
                SimulatedCopy.Snap snap = copy.find(new CopySnapshot(snapshot.dataset(), snapshot.snapshot(),
                        snapshot.guid(), 0, false));
                for (long o = 0; o < snapshot.chunks(); o++) {
                    long block = copy.physical(copy.blockAt(snap, o));
                    if (copy.corrupt.containsKey(block)) {
                        continue;
                    }
                    Instant since = max(arrived.get(block), restart);
                    Instant read = copy.lastGoodRead.get(block);
                    if (!horizon.fresh(read) && !horizon.fresh(since)) {
                        fail(context + ": " + snapshot.name() + " ordinal " + o + " block " + block + " last read " + read
                                + ", arrived " + since);
                    }
                }
            }
        }

        private static Instant max(Instant a, Instant b) {
            return a.isAfter(b) ? a : b;
        }

        /** A bad block still retained is named within N nights; a changed copy the night it arrives. */
        private void checkDamageFound(NightReport report, int night, Instant now, String context) {
            for (Map.Entry<Long, String[]> bad : List.copyOf(badBlocks.entrySet())) {
                String[] where = bad.getValue();
                boolean found = report.found().listed().stream().anyMatch(f -> f.dataset().equals(where[0])
                        && where[2].equals(f.place().path()) && f.place().chunk() == Long.parseLong(where[3])
                        && (where[1] == null || f.snapshot().equals(where[1])));
                if (found) {
                    badBlocks.remove(bad.getKey());
                    continue;
                }
                Instant since = badSince.get(bad.getKey());
                boolean retained = bad.getKey() < 0 || copy.retained(where[0]).stream()
                        .anyMatch(s -> s.copy().values().stream().anyMatch(f -> f.blocks().contains(bad.getKey())));
                if (!retained) {
                    badBlocks.remove(bad.getKey());
                    continue;
                }
                assertThat(now).as(context + ": damage to " + String.join(" ", java.util.Arrays.asList(where))
                        + " since " + since + " not found yet").isBefore(max(since, disruption)
                        .plus(Duration.ofDays(nights + 1)));
            }
        }
    }
}
