package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

/**
 * The long run of the prune simulation, outside the test run: {@code bin/simulate-prune NIGHTS SEED}
 * runs histories of 60 nights with random faults until NIGHTS nights have passed, and prints the
 * nights, the faults by kind and every invariant broken (exit 1 when one was).
 */
final class SimulatePrune {
    private SimulatePrune() {
    }

    public static void main(String[] args) throws IOException {
        int nights = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : new Random().nextLong();
        Summary summary = run(nights, seed, 60, 0.25);
        System.out.print(summary.text());
        System.exit(summary.violations() == 0 ? 0 : 1);
    }

    /** What a long run found. */
    record Summary(int nights, Map<String, Integer> faults, int violations, String text) {
    }

    /**
     * Histories of {@code length} nights from {@code seed}, each night with each fault at
     * {@code rate} / number of kinds, until {@code nights} nights have passed.
     */
    static Summary run(int nights, long seed, int length, double rate) throws IOException {
        Random random = new Random(seed);
        Map<String, Integer> faults = new TreeMap<>();
        StringBuilder text = new StringBuilder();
        int done = 0;
        int violations = 0;
        int refusals = 0;
        int destroys = 0;
        int sent = 0;
        int landedFailed = 0;
        int onlyCopy = 0;
        int onlyCopyPruned = 0;
        int kills = 0;
        int recorded = 0;
        int unfinished = 0;
        while (done < nights) {
            long history = random.nextLong();
            Path work = workDirectory();
            try {
                NightlySimulation simulation = new NightlySimulation(history, random.nextInt(4) == 0, work);
                Random nightly = new Random(history);
                for (int night = 0; night < length && done < nights; night++, done++) {
                    simulation.night(randomFaults(nightly, rate));
                }
                if (System.getenv("ZFSR_SIM_COMMANDS") != null) {
                    Map<String, Integer> kinds = new TreeMap<>();
                    simulation.cluster.commands.forEach(c -> kinds.merge(c.get(0).equals("ssh")
                            ? "ssh " + SimCluster.unquote(c.get(c.indexOf("--") + 1)).subList(0, 2)
                            : c.subList(0, Math.min(2, c.size())).toString(), 1, Integer::sum));
                    System.err.println(kinds);
                }
                if (System.getenv("ZFSR_SIM_LOG") != null) {
                    simulation.log.forEach(line -> System.err.println(line));
                }
                simulation.faults.forEach((fault, count) -> faults.merge(fault.name(), count, Integer::sum));
                refusals += simulation.refusals;
                destroys += simulation.oracle.destroys;
                sent += simulation.transfersOk;
                landedFailed += simulation.landedFailed;
                onlyCopy += simulation.oracle.onlyCopyTracked;
                onlyCopyPruned += simulation.oracle.onlyCopyPruned;
                kills += simulation.kills;
                recorded += simulation.oracle.recorded;
                unfinished += simulation.oracle.namedUnfinished;
                for (String violation : simulation.oracle.violations) {
                    violations++;
                    if (violations <= 50) {
                        text.append("history ").append(history).append(": ").append(violation).append('\n');
                    }
                }
            } finally {
                delete(work);
            }
        }
        text.insert(0, String.format("seed %d: %d nights, %d invariant violations, %d guard refusals, %d snapshots and"
                + " bookmarks destroyed, %d steps received, %d receives that landed and failed, %d snapshots only a copy"
                + " had after its source was rolled back (%d of them pruned later by the copy's own rules), %d pushes killed"
                + " before they ended; %d nights' records checked in the chain, %d nights that died named unfinished"
                + "%nfaults: %s%n", seed, done, violations, refusals, destroys, sent, landedFailed,
                onlyCopy, onlyCopyPruned, kills, recorded, unfinished, faults));
        return new Summary(done, faults, violations, text.toString());
    }

    static Set<NightlySimulation.Fault> randomFaults(Random random, double rate) {
        Set<NightlySimulation.Fault> tonight = EnumSet.noneOf(NightlySimulation.Fault.class);
        for (NightlySimulation.Fault fault : NightlySimulation.Fault.values()) {
            if (random.nextDouble() < rate / 4) {
                tonight.add(fault);
            }
        }
        return tonight;
    }

    /**
     * Where a history writes its plan.json, prune-report.json and transfer.json: in memory where the
     * machine has it (the artifacts are written atomically, with an fsync each, which on a disk costs
     * more than the whole night's simulation).
     */
    static Path workDirectory() throws IOException {
        Path shm = Path.of("/dev/shm");
        return Files.isDirectory(shm) && Files.isWritable(shm) ? Files.createTempDirectory(shm, "zfsr-sim-")
                : Files.createTempDirectory("zfsr-sim-");
    }

    static void delete(Path work) throws IOException {
        try (var paths = Files.walk(work)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
