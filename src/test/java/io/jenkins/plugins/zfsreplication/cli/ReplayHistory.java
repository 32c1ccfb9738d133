package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.Set;

/**
 * One history of a long run of the prune simulation, alone: {@code ReplayHistory SEED HISTORY [NIGHTS]}
 * finds the history in the run of SEED (for the source's age drawn with it), lives through its nights
 * as {@link SimulatePrune} does, and prints each night's faults, the simulation's log and the
 * invariants broken (exit 1 when one was).
 */
final class ReplayHistory {
    private ReplayHistory() {
    }

    public static void main(String[] args) throws IOException {
        long seed = Long.parseLong(args[0]);
        long history = Long.parseLong(args[1]);
        int length = args.length > 2 ? Integer.parseInt(args[2]) : 60;
        Random outer = new Random(seed);
        Boolean oldSource = null;
        for (int i = 0; i < 100_000 && oldSource == null; i++) {
            long drawn = outer.nextLong();
            boolean old = outer.nextInt(4) == 0;
            if (drawn == history) {
                oldSource = old;
            }
        }
        if (oldSource == null) {
            System.err.println("error: history " + history + " is not among the first 100000 of seed " + seed);
            System.exit(2);
        }
        Path work = SimulatePrune.workDirectory();
        int violations;
        try {
            NightlySimulation simulation = new NightlySimulation(history, oldSource, work);
            Random nightly = new Random(history);
            System.out.println("history " + history + ", old source: " + oldSource);
            int shown = 0;
            java.util.Map<String, Integer> marks = new java.util.HashMap<>();
            for (int night = 1; night <= length; night++) {
                Set<NightlySimulation.Fault> faults = SimulatePrune.randomFaults(nightly, 0.25);
                System.out.println("== night " + night + ": " + faults);
                simulation.night(faults);
                simulation.log.subList(shown, simulation.log.size()).forEach(line -> System.out.println("  " + line));
                shown = simulation.log.size();
                Path report = work.resolve("nas").resolve("prune-report.json");
                if (Files.exists(report)) {
                    var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(Files.readString(report));
                    System.out.println("  nas prune-report: now " + json.path("now") + ", clock " + json.path("clock"));
                    Files.delete(report);
                }
                for (SimHost host : simulation.cluster.hosts.values()) {
                    int mark = marks.getOrDefault(host.name, 0);
                    host.destroyed.subList(mark, host.destroyed.size()).forEach(d -> System.out.println(
                            "  destroyed " + d.how() + " " + d.host() + ":" + d.object() + " guid " + d.guid()));
                    marks.put(host.name, host.destroyed.size());
                }
            }
            simulation.oracle.violations.forEach(System.out::println);
            violations = simulation.oracle.violations.size();
        } finally {
            SimulatePrune.delete(work);
        }
        System.exit(violations == 0 ? 0 : 1);
    }
}
