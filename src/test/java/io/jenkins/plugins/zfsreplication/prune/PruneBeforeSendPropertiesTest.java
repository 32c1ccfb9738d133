package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanOptions;
import io.jenkins.plugins.zfsreplication.plan.Planner;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.ObjectType;
import io.jenkins.plugins.zfsreplication.zfs.ZfsObject;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Prune-before-send over random snapshot sets (random times, random common history, random holds,
 * each grammar): the base is never pruned, every snapshot kept for the target is reached by the
 * pruned plan and nothing dropped is, held snapshots survive, and the outcome does not depend on
 * the order of the input.
 */
class PruneBeforeSendPropertiesTest {
    private static final DatasetName SOURCE = DatasetName.of("tank/data");
    private static final DatasetName TARGET = DatasetName.of("backup/data");
    private static final SnapshotNaming NAMING = SnapshotNaming.of("zr");
    private static final List<String> RULES = List.of("last: 3", "grid: 1x6h(keep=all) | 4x1d | 4x1w",
            "thin: 2,1d1w,1w1m", "regex: 0000Z$", "grid: 2x1d(keep=2)\nlast: 1");

    @Property(tries = 400)
    void shouldNeverPruneTheBaseAndReachEveryKeptSnapshot(@ForAll long seed, @ForAll @IntRange(min = 0, max = 4) int rule) {
        Scenario scenario = new Scenario(new Random(seed));
        PruneOptions options = new PruneOptions(RetentionPolicy.parse(RULES.get(rule)),
                RetentionPolicy.parse(RULES.get((rule + 1) % RULES.size())), NAMING, PruneOptions.NowMode.FIXED,
                scenario.now);
        ReplicationPlan plan = Planner.plan(scenario.source(), scenario.target(), scenario.options(), scenario.now);

        PruneBeforeSend.Result result = PruneBeforeSend.apply(plan, scenario.source(), scenario.target(), options);

        List<PruneDecision> decisions = result.report().decisions();
        // the base and held snapshots are never destroyed or dropped
        if (scenario.baseGuid != null) {
            assertThat(decisions).filteredOn(d -> d.guid() == scenario.baseGuid)
                    .allMatch(d -> d.verdict().decision() == Decision.KEEP);
        }
        assertThat(decisions).filteredOn(d -> (d.side() == CandidateSide.TARGET) && scenario.held.contains(d.guidText())).allMatch(d -> d.verdict().decision() == Decision.KEEP);
        // replaying the pruned plan reaches exactly the planned snapshots the target keeps
        Set<String> reached = replay(scenario, result.plan());
        Set<String> keptPlanned = new HashSet<>();
        decisions.stream().filter(d -> (d.side() == CandidateSide.PLANNED) && d.verdict().decision() == Decision.KEEP)
                .forEach(d -> keptPlanned.add(d.snapshot()));
        Set<String> reachedCandidates = new HashSet<>(reached);
        reachedCandidates.removeIf(name -> !NAMING.isCandidate(name));
        assertThat(reachedCandidates).isEqualTo(keptPlanned);
        assertThat(decisions).filteredOn(d -> d.verdict().decision() == Decision.NOT_SENT)
                .noneMatch(d -> reached.contains(d.snapshot()));
        // the order of the input does not matter
        PruneBeforeSend.Result shuffled = PruneBeforeSend.apply(plan, scenario.shuffledSource(seed),
                scenario.shuffledTarget(seed), options);
        assertThat(shuffled.plan()).isEqualTo(result.plan());
        assertThat(new HashSet<>(shuffled.report().decisions())).isEqualTo(new HashSet<>(decisions));
    }

    @Property(tries = 300)
    void shouldDecideTheSameWhateverTheOrderOfTheCandidates(@ForAll long seed, @ForAll @IntRange(min = 0, max = 4) int rule) {
        Random random = new Random(seed);
        List<String> names = new ArrayList<>();
        List<Instant> times = new ArrayList<>();
        Instant time = Instant.parse("2026-01-01T00:00:00Z");
        for (int i = 0, n = random.nextInt(40); i < n; i++) {
            time = time.plus(Duration.ofMinutes(1 + random.nextInt(3000)));
            names.add(NAMING.name(time));
            times.add(time);
        }
        Instant now = time.plus(Duration.ofHours(random.nextInt(100)));
        RetentionPolicy policy = RetentionPolicy.parse(RULES.get(rule));
        String[] inOrder = policy.evaluate(names, times, now);
        Map<String, String> expected = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            expected.put(names.get(i), inOrder[i]);
        }

        List<Integer> permutation = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            permutation.add(i);
        }
        Collections.shuffle(permutation, random);
        List<String> shuffledNames = permutation.stream().map(names::get).toList();
        String[] shuffled = policy.evaluate(shuffledNames, permutation.stream().map(times::get).toList(), now);

        for (int i = 0; i < shuffledNames.size(); i++) {
            assertThat(shuffled[i]).as(shuffledNames.get(i)).isEqualTo(expected.get(shuffledNames.get(i)));
        }
    }

    /** The target's snapshots after the pruned plan, by name: what it had, plus what the steps bring. */
    private static Set<String> replay(Scenario scenario, ReplicationPlan plan) {
        Set<String> reached = new HashSet<>();
        List<ZfsObject> source = scenario.source().snapshotsOf(SOURCE.name());
        Map<Long, Integer> index = new HashMap<>();
        for (int i = 0; i < source.size(); i++) {
            index.put(source.get(i).guid(), i);
        }
        for (DatasetPlan dataset : plan.datasets()) {
            for (SendStep step : dataset.steps()) {
                int to = index.get(step.to().guid());
                int from = step.kind() == SendKind.INCREMENTAL_RANGE ? index.get(step.from().guid()) : to - 1;
                for (int i = from + 1; i <= to; i++) {
                    reached.add(source.get(i).shortName());
                }
            }
        }
        return reached;
    }

    /** A random source history, a target holding a thinned prefix of it (or nothing), random holds. */
    private static final class Scenario {
        final List<ZfsObject> sourceObjects = new ArrayList<>();
        final List<ZfsObject> targetObjects = new ArrayList<>();
        final Set<String> held = new HashSet<>();
        final Instant now;
        Long baseGuid;

        Scenario(Random random) {
            sourceObjects.add(dataset(SOURCE));
            Instant time = Instant.parse("2026-06-01T00:00:00Z");
            int count = 1 + random.nextInt(40);
            int common = random.nextBoolean() ? 0 : 1 + random.nextInt(count);
            if (common > 0) {
                targetObjects.add(dataset(TARGET));
            }
            for (int i = 0; i < count; i++) {
                time = time.plus(Duration.ofMinutes(30 + random.nextInt(5000)));
                String name = random.nextInt(8) == 0 ? "manual-" + i : NAMING.name(time);
                long guid = random.nextLong();
                sourceObjects.add(snapshot(SOURCE, name, guid, 100 + i, time, Map.of()));
                boolean onTarget = i < common && (i == common - 1 || random.nextInt(3) > 0);
                if (onTarget) {
                    boolean hold = random.nextInt(5) == 0;
                    targetObjects.add(snapshot(TARGET, name, guid, 50 + i, time, Map.of("userrefs", hold ? "1" : "0")));
                    if (hold) {
                        held.add(Long.toUnsignedString(guid));
                    }
                    baseGuid = guid;
                }
            }
            now = time.plus(Duration.ofHours(random.nextInt(200)));
        }

        Listing source() {
            return new Listing("local", sourceObjects);
        }

        Listing target() {
            return new Listing("local", targetObjects);
        }

        Listing shuffledSource(long seed) {
            List<ZfsObject> copy = new ArrayList<>(sourceObjects);
            Collections.shuffle(copy, new Random(seed));
            return new Listing("local", copy);
        }

        Listing shuffledTarget(long seed) {
            List<ZfsObject> copy = new ArrayList<>(targetObjects);
            Collections.shuffle(copy, new Random(seed + 1));
            return new Listing("local", copy);
        }

        PlanOptions options() {
            return new PlanOptions(Selection.of(List.of(SOURCE), true), TARGET, NAMING, false, false);
        }

        private static ZfsObject dataset(DatasetName name) {
            return new ZfsObject(name.name(), ObjectType.FILESYSTEM, name.hashCode(), 1, 0, 0, 0, Map.of());
        }

        private static ZfsObject snapshot(DatasetName dataset, String name, long guid, long txg, Instant time,
                                          Map<String, String> properties) {
            return new ZfsObject(dataset + "@" + name, ObjectType.SNAPSHOT, guid, txg, time.getEpochSecond(), 0, 0,
                    properties);
        }
    }
}
