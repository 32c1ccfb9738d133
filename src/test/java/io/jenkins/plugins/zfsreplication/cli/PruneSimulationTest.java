package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

/**
 * The prune simulation in the normal test run: random histories of nights with faults
 * ({@link NightlySimulation.Fault}), each lived through twice at once, by a source with OpenZFS's
 * features and by one with zfs-fuse's (no bookmarks, resume tokens, raw sends, batch destroys),
 * with every invariant of docs/prune-safety.md checked after every night ({@link SafetyOracle}).
 * The suite runs one fixed seed (the same histories every run; bin/simulate-prune draws new ones).
 * jqwik draws the histories from a seed it reports and, on a failure, shrinks the history to the
 * fewest nights and faults that still break an invariant. {@code bin/simulate-prune} runs the
 * same nights for as long as asked.
 */
class PruneSimulationTest {
    /** A history and the seed of its hosts' GUIDs and timings. */
    record History(long seed, List<Set<NightlySimulation.Fault>> nights) {
    }

    @Property(tries = 15, seed = "-1297537364655463920", edgeCases = EdgeCasesMode.NONE, shrinking = ShrinkingMode.BOUNDED)
    void shouldKeepEveryInvariantNightAfterNight(@ForAll("histories") History history) throws Exception {
        CompletableFuture<List<String>> old = CompletableFuture.supplyAsync(() -> live(history, true));
        List<String> violations = new ArrayList<>(live(history, false));
        violations.addAll(old.get());

        history.nights().forEach(night -> {
            Statistics.label("nights").collect(night.isEmpty() ? "without faults" : "with faults");
            night.forEach(fault -> Statistics.label("faults").collect(fault));
        });
        assertThat(violations).as("broken invariants over %d nights", history.nights().size()).isEmpty();
    }

    private static List<String> live(History history, boolean oldSource) {
        try {
            Path work = SimulatePrune.workDirectory();
            try {
                NightlySimulation simulation = new NightlySimulation(history.seed(), oldSource, work);
                history.nights().forEach(simulation::night);
                // not vacuous: over a history, the night's work happens, faults and all
                if (history.nights().size() >= 30) {
                    assertThat(simulation.transfersOk).as("steps received").isPositive();
                    assertThat(simulation.oracle.destroys).as("snapshots destroyed by the rules").isPositive();
                    assertThat(simulation.oracle.recorded).as("nights recorded in the chain").isPositive();
                }
                return simulation.oracle.violations.stream().map(v -> (oldSource ? "old source: " : "") + v).toList();
            } finally {
                SimulatePrune.delete(work);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Provide
    Arbitrary<History> histories() {
        Arbitrary<Set<NightlySimulation.Fault>> some = Arbitraries.of(NightlySimulation.Fault.class).set().ofMinSize(1)
                .ofMaxSize(3).map(faults -> faults.isEmpty() ? Set.of() : EnumSet.copyOf(faults));
        Arbitrary<Set<NightlySimulation.Fault>> night = Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.just(Set.of())), Tuple.of(1, some));
        return net.jqwik.api.Combinators.combine(Arbitraries.longs(), night.list().ofMinSize(1).ofMaxSize(60)
                .withSizeDistribution(net.jqwik.api.RandomDistribution.uniform()))
                .as(History::new);
    }
}
