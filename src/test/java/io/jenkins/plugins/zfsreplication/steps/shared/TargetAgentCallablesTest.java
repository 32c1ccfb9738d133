package io.jenkins.plugins.zfsreplication.steps.shared;

import io.jenkins.plugins.zfsreplication.steps.plan.PlanCallable;
import io.jenkins.plugins.zfsreplication.steps.plan.PlanSettings;
import io.jenkins.plugins.zfsreplication.steps.prune.PruneCallable;
import io.jenkins.plugins.zfsreplication.steps.prune.PruneSettings;
import io.jenkins.plugins.zfsreplication.steps.prune.TargetDestroyCallable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.prune.Decision;
import io.jenkins.plugins.zfsreplication.prune.EffectiveRule;
import io.jenkins.plugins.zfsreplication.prune.KnownBases;
import io.jenkins.plugins.zfsreplication.prune.PruneDecision;
import io.jenkins.plugins.zfsreplication.prune.PruneReport;
import io.jenkins.plugins.zfsreplication.prune.TargetRules;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * Planning and pruning with the target on another agent: the target's callables (listing,
 * destroying) and the source's (planning, pruning) invoked directly on real pools, each after a
 * serialization round trip, in the order the steps call them. Both "agents" are this host.
 */
@ExtendWith(ZfsTestBed.class)
class TargetAgentCallablesTest {
    private static final List<String> SNAPSHOTS = List.of("zr-20261129T010000Z", "zr-20261129T020000Z",
            "zr-20261129T030000Z");
    private static final String HOST = "agent:backup";
    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
    /** The target's rules as the controller's settings give them (zfsPrune's keepTarget and now). */
    private static final TargetRules RULES = new TargetRules("regex: T0[134]0000Z$", NOW);

    @TempDir
    Path workspace;

    @Test
    void shouldPlanAgainstTheTargetAgentsListingAndDestroyTheTargetsSnapshotsOnlyThere(TestPools pools) throws Exception {
        // given a source with three snapshots and an empty target root
        DatasetName source = pools.create("asrc");
        DatasetName target = pools.create("adst");
        pools.exec("zfs", "set", "mountpoint=none", target.name());
        SNAPSHOTS.forEach(s -> pools.exec("zfs", "snapshot", source + "@" + s));
        PlanSettings planSettings = new PlanSettings(
                new SelectionSettings.Datasets(source.name(), true, null, null, "zr"),
                new SelectionSettings.Target(target + "/copy", ""), PullSource.HERE, false, false);

        // when the target agent lists and the source agent plans against that listing
        ListingText listing = RoundTrip.of(RoundTrip.of(TargetListingCallable.forPlan(HOST,
                DatasetName.of(target + "/copy"))).call());
        PlanCallable.Summary planned = RoundTrip.of(new PlanCallable(planSettings, listing, null))
                .invoke(workspace.toFile(), null);

        // then the plan is the one a local listing gives, and names the target agent as its host
        assertThat(planned.summary()).isEqualTo("1 dataset(s): 1 to send in 2 step(s), 0 need attention");
        ReplicationPlan plan = PlanJson.read(workspace.resolve("plan.json"));
        assertThat(plan.targetHost()).isEqualTo(HOST);
        assertThat(listing.host()).isEqualTo(HOST);
        new TestApply(pools).apply(plan);
        assertThat(TestApply.snapshots(pools, target + "/copy")).hasSize(3);

        // when the next run plans a fourth snapshot and prunes: the target listed on its agent,
        // decided (and the source pruned) on the source's agent
        pools.exec("zfs", "snapshot", source + "@zr-20261129T040000Z");
        new PlanCallable(planSettings, TargetListingCallable.forPlan(HOST, DatasetName.of(target + "/copy")).call(),
                null)
                .invoke(workspace.toFile(), null);
        PruneSettings prune = new PruneSettings("plan.json", "regex: T0[134]0000Z$", null, "zr", "2026-11-29T12:00:00Z",
                true);
        ListingText targetNow = RoundTrip.of(TargetListingCallable.forPrune("zfsPrune", HOST,
                Files.readString(workspace.resolve("plan.json")))).call();
        PruneCallable.Summary decided = RoundTrip.of(new PruneCallable(prune, RoundTrip.of(targetNow)))
                .invoke(workspace.toFile(), null);

        // then nothing was destroyed on the target yet: that is the target agent's part
        String middle = target + "/copy@" + SNAPSHOTS.get(1);
        assertThat(decided.report().toDestroy(io.jenkins.plugins.zfsreplication.prune.CandidateSide.TARGET)).extracting(d -> d.dataset() + "@" + d.snapshot())
                .containsExactly(middle);
        assertThat(TestApply.snapshots(pools, target + "/copy")).hasSize(3);
        assertThat(TestApply.snapshots(pools, source.name())).hasSize(4);

        // a report naming a snapshot outside the naming (a forged one) is refused, nothing destroyed
        PruneDecision first = decided.report().toDestroy(io.jenkins.plugins.zfsreplication.prune.CandidateSide.TARGET).get(0);
        PruneReport forged = new PruneReport(PruneReport.When.unwitnessed(decided.report().now(), "test"), false,
                new PruneReport.Sides("local", HOST, "", ""),
                List.of(new PruneDecision(io.jenkins.plugins.zfsreplication.prune.CandidateSide.TARGET, HOST, first.dataset(), "keep-me", first.guid(), first.epochSecond(),
                        new PruneDecision.Verdict(Decision.DESTROY, "forged", false)), first),
                new PruneReport.NotSent(0, -1, ""), List.of(), decided.report().retention());
        assertThatThrownBy(() -> new TargetDestroyCallable(forged, "zr", decided.bases(), RULES).call())
                .isInstanceOf(AbortException.class)
                .hasMessage("zfsPrune: on the target: Prune refused, it would break 'nothing outside the run's naming is"
                        + " destroyed': " + first.dataset() + "@keep-me is not of the naming. Nothing was destroyed");
        assertThat(TestApply.snapshots(pools, target + "/copy")).hasSize(3);

        // when the target agent destroys
        TargetDestroyCallable.Result done = RoundTrip.of(RoundTrip.of(new TargetDestroyCallable(decided.report(), "zr",
                decided.bases(), RULES))
                .call());

        // then exactly the decided snapshot is gone, and the report says so
        assertThat(TestApply.snapshots(pools, target + "/copy")).extracting(s -> s.split(" ")[0])
                .containsExactly(SNAPSHOTS.get(0), SNAPSHOTS.get(2));
        assertThat(done.report().decisions()).filteredOn(d -> d.verdict().decision() == Decision.DESTROY)
                .extracting(d -> d.side().label(), d -> d.verdict().destroyed())
                .containsExactly(org.assertj.core.groups.Tuple.tuple("target", true));
        assertThat(done.report().errors()).isEmpty();
        assertThat(done.log()).containsExactly("destroyed on target " + target + "/copy: " + SNAPSHOTS.get(1));
    }

    @Test
    void shouldRefuseToPruneAnAgentsTargetFromTheSourceAgent(TestPools pools) throws Exception {
        DatasetName source = pools.create("bsrc");
        DatasetName target = pools.create("bdst");
        pools.exec("zfs", "snapshot", source + "@" + SNAPSHOTS.get(0));
        ListingText listing = TargetListingCallable.forPlan(HOST, DatasetName.of(target + "/copy")).call();
        new PlanCallable(new PlanSettings(new SelectionSettings.Datasets(source.name(), true, null, null, "zr"),
                new SelectionSettings.Target(target + "/copy", ""), PullSource.HERE, false, false),
                listing, null).invoke(workspace.toFile(), null);

        assertThatThrownBy(() -> new PruneCallable(new PruneSettings("plan.json", "last: 1", null, "zr", "wall", true))
                .invoke(workspace.toFile(), null)).isInstanceOf(AbortException.class)
                .hasMessage("zfsPrune: the plan's target is on Jenkins agent 'backup': give targetAgent: 'backup'");
        assertThat(TestApply.snapshots(pools, source.name())).hasSize(1);
    }
    @Test
    void shouldDestroyNothingOnTheTargetByTheReportAndBasesOfACompromisedSourceAgent(TestPools pools) throws Exception {
        // given a backup target with six snapshots of the naming, and a controller whose keepTarget keeps the newest three
        DatasetName target = pools.create("fdst");
        List<String> six = List.of("zr-20261129T010000Z", "zr-20261129T020000Z", "zr-20261129T030000Z",
                "zr-20261129T040000Z", "zr-20261129T050000Z", "zr-20261129T060000Z");
        six.forEach(s -> pools.exec("zfs", "snapshot", target + "@" + s));
        List<String> before = TestApply.snapshots(pools, target.name());
        TargetRules controllers = new TargetRules("last: 3", NOW);

        // when the source's agent answers "DESTROY every zr-* there, target rules last: 1, no bases"
        PruneReport everything = forged(pools, target, six);
        PruneReport allButNewest = forged(pools, target, six.subList(0, 5));

        // then the target's agent refuses both whole, by the controller's rules and its own listing (the
        // first is the ransomware case: by the report's own rules it would leave only the newest)
        assertThatThrownBy(() -> RoundTrip.of(new TargetDestroyCallable(allButNewest, "zr", KnownBases.NONE,
                controllers)).call()).isInstanceOf(AbortException.class).hasMessage("zfsPrune: on the target: Prune"
                + " refused, it would break 'a target keeps what its rules keep counting only the snapshots it has': "
                + target + "@" + six.get(3) + " is kept by 'last: 3' counting only the 6 snapshot(s) the target has."
                + " Nothing was destroyed");
        assertThatThrownBy(() -> RoundTrip.of(new TargetDestroyCallable(everything, "zr", KnownBases.NONE, controllers))
                .call()).isInstanceOf(AbortException.class).hasMessage("zfsPrune: on the target: Prune refused, it would"
                + " break 'a target keeps its newest snapshot of the naming when another host decided the prune': "
                + target + "@" + six.get(5) + " is the newest snapshot of the naming on the target. Nothing was destroyed");
        assertThat(TestApply.snapshots(pools, target.name())).isEqualTo(before).hasSize(6);
    }

    /** What a compromised source's agent can answer: DESTROY with the target's real GUIDs, its own rules, no bases. */
    private static PruneReport forged(TestPools pools, DatasetName target, List<String> destroy) throws Exception {
        List<PruneDecision> decisions = destroy.stream().map(s -> new PruneDecision(io.jenkins.plugins.zfsreplication.prune.CandidateSide.TARGET, HOST, target.name(), s,
                Long.parseUnsignedLong(TestApply.guid(pools, target + "@" + s)),
                SnapshotNaming.of("zr").timestampOf(s).getEpochSecond(), new PruneDecision.Verdict(Decision.DESTROY, "last 1", false))).toList();
        return RoundTrip.of(new PruneReport(PruneReport.When.unwitnessed(NOW, "fixed"), false,
                new PruneReport.Sides("local", HOST, null, "last: 1"),
                decisions,
                new PruneReport.NotSent(0, -1, ""), List.of(), List.of(new EffectiveRule("tank/home", target.name(),
                "target", "last: 1", EffectiveRule.Origin.COMMAND_LINE, null))));
    }
}
