package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.jenkins.plugins.zfsreplication.plan.PlanException;
import io.jenkins.plugins.zfsreplication.plan.TargetScope;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A prune report from the source's host destroys on the target only inside the step's target root. */
class PruneReportTargetScopeTest {
    private static final TargetScope SCOPE = new TargetScope("zfsPrune", DatasetName.of("backup/home"));

    private static PruneReport report(PruneDecision... decisions) {
        return new PruneReport(PruneReport.When.unwitnessed(Instant.EPOCH, "given"), false,
                new PruneReport.Sides("local", "agent:storage-2", null, "last: 3"),
                List.of(decisions),
                new PruneReport.NotSent(0, 0, "none"), List.of(), List.of());
    }

    private static PruneDecision decision(CandidateSide side, String dataset, Decision decision) {
        return new PruneDecision(side, "h", dataset, "zr-20261129T000000Z", 1, 0, new PruneDecision.Verdict(decision, "last 3", false));
    }

    @Test
    void shouldAcceptTargetDecisionsInsideTheRootWhateverTheSourceSideNames() {
        PruneReport report = report(decision(CandidateSide.TARGET, "backup/home", Decision.DESTROY),
                decision(CandidateSide.TARGET, "backup/home/alice", Decision.KEEP), decision(CandidateSide.SOURCE, "tank/home", Decision.DESTROY));

        assertThat(report.checkTarget(SCOPE, "prune-report.json")).isSameAs(report);
    }

    @Test
    void shouldRefuseATargetDecisionOutsideTheRootWhetherItDestroysOrNot() {
        for (Decision kind : new Decision[] {Decision.DESTROY, Decision.KEEP}) {
            PruneReport report = report(decision(CandidateSide.TARGET, "backup/home/alice", Decision.DESTROY),
                    decision(CandidateSide.TARGET, "pool2/victim", kind));

            assertThat(catchThrowable(() -> report.checkTarget(SCOPE, "prune-report.json"))).as("%s", kind)
                    .isInstanceOf(PlanException.class)
                    .hasMessageStartingWith("zfsPrune: prune-report.json names the target dataset pool2/victim,");
        }
    }
}
