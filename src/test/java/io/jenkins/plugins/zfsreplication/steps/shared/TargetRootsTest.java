package io.jenkins.plugins.zfsreplication.steps.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import hudson.AbortException;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.plan.TargetScope;
import io.jenkins.plugins.zfsreplication.prune.Decision;
import io.jenkins.plugins.zfsreplication.prune.PruneDecision;
import io.jenkins.plugins.zfsreplication.prune.PruneReport;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the controller does with the files the source's agent wrote before the target's agent acts
 * on them: a step with a target agent must name its target root, and plan.json and the prune report
 * must stay inside it.
 */
class TargetRootsTest {
    private static String planJson(String target) {
        DatasetName source = DatasetName.of("tank/home");
        return PlanJson.write(new ReplicationPlan(Instant.EPOCH, "local", "agent:nas-b", List.of(new DatasetPlan(source,
                DatasetName.of(target), DatasetAction.SEND, "", List.of(new SendStep(source, DatasetName.of(target),
                SendKind.FULL, null, new SnapshotRef("zr-20261129T000000Z", 1, 1, 1), null, false, -1))))));
    }

    @Test
    void shouldNeedATargetRootOnlyWithATargetAgent() throws AbortException {
        assertThat(TargetRoots.scope("zfsPrune", "", null)).isNull();
        assertThat(TargetRoots.scope("zfsPrune", " nas-b ", " backup/home ").root()).isEqualTo(DatasetName.of("backup/home"));
        assertThat(catchThrowable(() -> TargetRoots.scope("zfsPrune", "nas-b", " "))).isInstanceOf(AbortException.class)
                .hasMessageStartingWith("zfsPrune: targetAgent 'nas-b' needs targetRoot,");
        assertThat(catchThrowable(() -> TargetRoots.scope("zfsSendRecv", "nas-b", "backup/../etc")))
                .isInstanceOf(AbortException.class).hasMessageStartingWith("zfsSendRecv: targetRoot: ");
    }

    @Test
    void shouldPassAPlanInsideTheRootAndFailTheBuildOnOneOutside() throws AbortException {
        TargetScope scope = TargetRoots.scope("zfsSendRecv", "nas-b", "backup/home");
        String inside = planJson("backup/home/alice");

        assertThat(TargetRoots.checkPlan(scope, inside, "out/plan.json")).isSameAs(inside);
        assertThat(catchThrowable(() -> TargetRoots.checkPlan(scope, planJson("important/db"), "out/plan.json")))
                .isInstanceOf(AbortException.class).hasMessage("zfsSendRecv: out/plan.json names the target dataset "
                        + "important/db, which is not backup/home or below it (the step's targetRoot); nothing was done "
                        + "on the target");
        assertThat(catchThrowable(() -> TargetRoots.checkPlan(scope, "{not json", "out/plan.json")))
                .isInstanceOf(AbortException.class);
    }

    @Test
    void shouldFailTheBuildOnAPruneReportThatDestroysOutsideTheRoot() throws AbortException {
        TargetScope scope = TargetRoots.scope("zfsPrune", "nas-b", "backup/home");
        PruneReport report = new PruneReport(PruneReport.When.unwitnessed(Instant.EPOCH, "given"), false,
                new PruneReport.Sides("local", "agent:nas-b", null, "last: 1"),
                List.of(new PruneDecision(io.jenkins.plugins.zfsreplication.prune.CandidateSide.TARGET, "agent:nas-b", "important/db", "zr-20261129T000000Z", 1, 0,
                        new PruneDecision.Verdict(Decision.DESTROY, "last 1", false))),
                new PruneReport.NotSent(0, 0, "none"), List.of(), List.of());

        assertThat(catchThrowable(() -> TargetRoots.checkReport(scope, report))).isInstanceOf(AbortException.class)
                .hasMessageStartingWith("zfsPrune: the prune report from the source's agent names the target dataset "
                        + "important/db,");
    }
}
