package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * A target that destroys what another host decided (zfsPrune with a target agent) judges every
 * destroy by the rules its own side was given, on real pools: a prune report forged by the host
 * that decided (its rules, its "now", its pairs, no bases) destroys nothing that those rules keep,
 * and never the target's newest snapshot of the naming.
 */
@ExtendWith(ZfsTestBed.class)
class TargetRulesZfsTest {
    private static final Instant NOW = PruneZfsTest.NOW;
    private static final List<String> SIX = List.of("zr-20261129T010000Z", "zr-20261129T020000Z",
            "zr-20261129T030000Z", "zr-20261129T040000Z", "zr-20261129T050000Z", "zr-20261129T060000Z");
    private static final SnapshotNaming NAMING = SnapshotNaming.of("zr");

    @Test
    void shouldDestroyNothingWhenTheReportAsksForMoreThanTheTargetsOwnRulesDrop(TestPools pools) {
        // given a target with six snapshots whose own rules keep the newest three
        DatasetName target = sixSnapshots(pools, "fdst");
        List<String> before = TestApply.snapshots(pools, target.name());

        // when the deciding host's report destroys all but the newest, claiming "last: 1", with no bases
        PruneReport forged = report(pools, target, "last: 1", NOW, SIX.subList(0, 5));
        Throwable refused = catchThrowable(() -> execute(pools, forged, new TargetRules("last: 3", NOW)));

        // then the whole prune is refused at the first snapshot those rules keep, and nothing is destroyed
        assertThat(refused).isInstanceOf(UnsafeDestroyException.class).hasMessage("Prune refused, it would break '"
                + DestroyGuard.ARRIVALS + "': " + target + "@" + SIX.get(3) + " is kept by 'last: 3' counting only the"
                + " 6 snapshot(s) the target has. Nothing was destroyed");
        assertThat(TestApply.snapshots(pools, target.name())).isEqualTo(before).hasSize(6);
    }

    @Test
    void shouldNeverDestroyTheTargetsNewestSnapshotOfTheNaming(TestPools pools) {
        // given rules that keep only the oldest: by them alone the newest would go
        DatasetName target = sixSnapshots(pools, "ndst");
        List<String> before = TestApply.snapshots(pools, target.name());

        Throwable refused = catchThrowable(() -> execute(pools, report(pools, target, "regex: T010000Z$", NOW, SIX.subList(1, 6)),
                new TargetRules("regex: T010000Z$", NOW)));

        assertThat(refused).isInstanceOf(UnsafeDestroyException.class).hasMessage("Prune refused, it would break '"
                + DestroyGuard.NEWEST + "': " + target + "@" + SIX.get(5) + " is the newest snapshot of the naming on the"
                + " target. Nothing was destroyed");
        assertThat(TestApply.snapshots(pools, target.name())).isEqualTo(before);
    }

    @Test
    void shouldDestroyNothingOnATargetWithoutRulesOfItsOwn(TestPools pools) {
        DatasetName target = sixSnapshots(pools, "rdst");
        List<String> before = TestApply.snapshots(pools, target.name());

        Throwable refused = catchThrowable(() -> execute(pools, report(pools, target, "last: 1", NOW, SIX.subList(0, 1)),
                new TargetRules("", null)));

        assertThat(refused).isInstanceOf(UnsafeDestroyException.class).hasMessage("Prune refused, it would break '"
                + DestroyGuard.ARRIVALS + "': " + target + "@" + SIX.get(0) + " is to be destroyed, but the target's"
                + " own rules are none: nothing there may be destroyed. Nothing was destroyed");
        assertThat(TestApply.snapshots(pools, target.name())).isEqualTo(before);
    }

    @Test
    void shouldDestroyWhatTheTargetsOwnRulesDropWhateverRulesTheReportClaims(TestPools pools) {
        // given a report that names no rules and no pair at all (the guard of a prune decided here would refuse it)
        DatasetName target = sixSnapshots(pools, "odst");
        PruneReport report = new PruneReport(PruneReport.When.unwitnessed(NOW, "given"), false,
                new PruneReport.Sides("local", "local", null, null),
                decisions(pools, target, SIX.subList(0, 2)),
                new PruneReport.NotSent(0, -1, ""), List.of(), List.of());
        List<String> log = new ArrayList<>();

        PruneReport done = execute(pools, report, new TargetRules("last: 3", NOW), log);

        // then exactly the two the target's rules drop are gone
        assertThat(TestApply.snapshots(pools, target.name())).extracting(s -> s.split(" ")[0])
                .containsExactlyElementsOf(SIX.subList(2, 6));
        assertThat(done.decisions()).extracting(d -> d.verdict().destroyed()).containsExactly(true, true);
        assertThat(log).containsExactly("destroyed on target " + target + ": " + SIX.get(0) + "," + SIX.get(1));
    }

    @Test
    void shouldJudgeByTheTargetSidesNowWhenTheReportsIsLater(TestPools pools) {
        // given rules that keep the last two hours before now: at the target side's now (06:30) 05 and 06,
        // at the report's (12:00, still before this host's clock) none
        DatasetName target = sixSnapshots(pools, "tdst");
        List<String> before = TestApply.snapshots(pools, target.name());
        Instant targetNow = Instant.parse("2026-11-29T06:30:00Z");

        Throwable refused = catchThrowable(() -> execute(pools, report(pools, target, "grid: 2x1h", NOW, SIX.subList(0, 5)),
                new TargetRules("grid: 2x1h", targetNow)));

        assertThat(refused).isInstanceOf(UnsafeDestroyException.class).hasMessageStartingWith("Prune refused, it would"
                + " break '" + DestroyGuard.ARRIVALS + "': " + target + "@" + SIX.get(4) + " is kept by ");
        assertThat(TestApply.snapshots(pools, target.name())).isEqualTo(before);
    }

    private static DatasetName sixSnapshots(TestPools pools, String name) {
        DatasetName target = pools.create(name);
        SIX.forEach(s -> pools.exec("zfs", "snapshot", target + "@" + s));
        return target;
    }

    /** A report as the deciding host could forge it: DESTROY for {@code destroy}, with the target's real GUIDs. */
    private static PruneReport report(TestPools pools, DatasetName target, String claimedRules, Instant now, List<String> destroy) {
        return new PruneReport(PruneReport.When.unwitnessed(now, "given"), false,
                new PruneReport.Sides("local", "local", null, claimedRules),
                decisions(pools, target, destroy),
                new PruneReport.NotSent(0, -1, ""), List.of(), List.of(new EffectiveRule("tank/src", target.name(),
                "target", claimedRules, EffectiveRule.Origin.COMMAND_LINE, null)));
    }

    private static List<PruneDecision> decisions(TestPools pools, DatasetName target, List<String> destroy) {
        return destroy.stream().map(s -> new PruneDecision(CandidateSide.TARGET, "local", target.name(), s,
                Long.parseUnsignedLong(TestApply.guid(pools, target + "@" + s)),
                NAMING.timestampOf(s).getEpochSecond(), new PruneDecision.Verdict(Decision.DESTROY, "forged", false))).toList();
    }

    private static PruneReport execute(TestPools pools, PruneReport report, TargetRules rules) {
        return execute(pools, report, rules, line -> { });
    }

    private static PruneReport execute(TestPools pools, PruneReport report, TargetRules rules, List<String> log) {
        return execute(pools, report, rules, log::add);
    }

    private static PruneReport execute(TestPools pools, PruneReport report, TargetRules rules,
                                       java.util.function.Consumer<String> log) {
        // the target side's own clock is the test's: NOW (the snapshots' names lie before it)
        return Destroyer.execute(report, null, new Zfs(pools.runner()),
                DestroyGuard.ofTarget(NAMING, NOW, KnownBases.NONE, rules), Destroyer.ErrorPolicy.CONTINUE, log);
    }
}
