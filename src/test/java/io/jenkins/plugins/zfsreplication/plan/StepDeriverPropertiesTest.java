package io.jenkins.plugins.zfsreplication.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ObjectType;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The fewest steps, and exactly the wanted snapshots reached, for any snapshot set. */
class StepDeriverPropertiesTest {
    private static final DatasetName SOURCE = DatasetName.of("tank/data");
    private static final DatasetName TARGET = DatasetName.of("backup/data");

    @Test
    void shouldUseOneRangeForARunAndOneSkipPerGap() {
        List<ZfsObject> snapshots = snapshots(8);

        List<SendStep> steps = StepDeriver.derive(SOURCE, TARGET, snapshots, 0, new int[] {1, 2, 3, 5, 7}, false, null);

        assertThat(steps).extracting(SendStep::kind, s -> s.from().name(), s -> s.to().name()).containsExactly(
                tuple(SendKind.INCREMENTAL_RANGE, "s0", "s3"), tuple(SendKind.INCREMENTAL, "s3", "s5"),
                tuple(SendKind.INCREMENTAL, "s5", "s7"));
    }

    @Property(tries = 300)
    void shouldReachExactlyTheWantedSnapshotsInTheFewestSteps(@ForAll("cases") Case given) {
        List<ZfsObject> snapshots = snapshots(given.count());

        List<SendStep> steps = StepDeriver.derive(SOURCE, TARGET, snapshots, given.base(), given.wanted(), false, null);

        // replay on a simulated target: each step starts where the target is, -I brings every snapshot between
        TreeSet<Integer> received = new TreeSet<>();
        int current = given.base();
        for (SendStep step : steps) {
            int to = index(step.to());
            if (step.kind() == SendKind.FULL) {
                assertThat(current).isEqualTo(-1);
            } else {
                assertThat(index(step.from())).isEqualTo(current);
            }
            for (int i = step.kind() == SendKind.INCREMENTAL_RANGE ? current + 1 : to; i <= to; i++) {
                received.add(i);
            }
            current = to;
        }
        assertThat(received).containsExactlyElementsOf(Arrays.stream(given.wanted()).boxed().toList());
        assertThat(steps).hasSize(fewestSteps(given));
    }

    /** The oracle: a shortest path over "target has snapshot i", by dynamic programming. */
    private static int fewestSteps(Case given) {
        int[] wanted = given.wanted();
        int[] best = new int[wanted.length];
        Arrays.fill(best, Integer.MAX_VALUE);
        for (int k = 0; k < wanted.length; k++) {
            // reach wanted[k] from the base / a full send, or from wanted[j], with -i (one new) or -I (all between wanted)
            int fromBase = given.base() < 0 ? (k == 0 ? 1 : Integer.MAX_VALUE)
                    : (k == 0 || contiguous(wanted, -1, k, given.base()) ? 1 : Integer.MAX_VALUE);
            best[k] = fromBase;
            for (int j = 0; j < k; j++) {
                if (best[j] != Integer.MAX_VALUE && (j == k - 1 || contiguous(wanted, j, k, wanted[j]))) {
                    best[k] = Math.min(best[k], best[j] + 1);
                }
            }
        }
        return best[wanted.length - 1];
    }

    /** True when every source snapshot after {@code start} up to wanted[k] is wanted (so -I sends no extra). */
    private static boolean contiguous(int[] wanted, int j, int k, int start) {
        return wanted[k] - start == k - j;
    }

    @Provide
    Arbitrary<Case> cases() {
        return Arbitraries.integers().between(1, 60).flatMap(count -> Combinators.combine(
                        Arbitraries.integers().between(-1, count - 2),
                        Arbitraries.integers().between(0, count - 1).set().ofMinSize(1))
                .as((base, chosen) -> {
                    int[] wanted = chosen.stream().filter(i -> i > base).mapToInt(Integer::intValue).sorted().toArray();
                    return new Case(count, base, wanted.length == 0 ? new int[] {count - 1} : wanted);
                }).filter(c -> c.wanted()[0] > c.base()));
    }

    record Case(int count, int base, int[] wanted) {
        @Override
        public String toString() {
            return "count=" + count + " base=" + base + " wanted=" + Arrays.toString(wanted);
        }
    }

    static List<ZfsObject> snapshots(int count) {
        List<ZfsObject> snapshots = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            snapshots.add(new ZfsObject(SOURCE + "@s" + i, ObjectType.SNAPSHOT, 1000 + i, 10 + i, 1_000_000 + i, 0, 0,
                    Map.of()));
        }
        return snapshots;
    }

    private static int index(SnapshotRef snapshot) {
        return Integer.parseInt(snapshot.name().substring(1));
    }
}
