package io.jenkins.plugins.zfsreplication.coverage;

import java.io.IOException;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * The coverage simulation's long run, outside the test run ({@code bin/simulate-prune} runs it after
 * the prune simulation): runs of {@link CoverageSimulationTest} from {@code SEED} until NIGHTS
 * nights have passed, every invariant checked after every night; prints the nights, the faults by
 * kind and every broken invariant (exit 1 when one was).
 */
final class SimulateCoverage {
    private SimulateCoverage() {
    }

    public static void main(String[] args) throws IOException {
        int nights = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : new Random().nextLong();
        Random random = new Random(seed);
        Map<String, Integer> faults = new TreeMap<>();
        StringBuilder broken = new StringBuilder();
        int done = 0;
        int violations = 0;
        while (done < nights) {
            long run = random.nextLong();
            CoverageSimulationTest.Run simulation = new CoverageSimulationTest.Run(run);
            try {
                simulation.run();
            } catch (AssertionError e) {
                violations++;
                if (violations <= 50) {
                    broken.append("run ").append(run).append(": ").append(e.getMessage().lines().findFirst().orElse(""))
                            .append('\n');
                }
            }
            simulation.faults.forEach((kind, count) -> faults.merge(kind, count, Integer::sum));
            done += CoverageSimulationTest.NIGHTS;
        }
        System.out.printf("coverage, seed %d: %d nights, %d runs with a broken invariant%nfaults: %s%n%s", seed, done,
                violations, faults, broken);
        System.exit(violations == 0 ? 0 : 1);
    }
}
