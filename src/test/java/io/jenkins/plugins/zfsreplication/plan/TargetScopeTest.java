package io.jenkins.plugins.zfsreplication.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.InvalidNameException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A plan made on the source's host may only send into the step's target root: the check refuses,
 * by name, any target outside it, including one that merely starts with the root's name.
 */
class TargetScopeTest {
    private static final SnapshotRef S1 = new SnapshotRef("zr-20261128T000000Z", 7L, 100, 1_795_910_400L);
    private static final SnapshotRef S2 = new SnapshotRef("zr-20261129T000000Z", 8L, 200, 1_795_996_800L);
    private static final TargetScope SCOPE = new TargetScope("zfsSendRecv", DatasetName.of("backup/home"));

    private static DatasetPlan send(String source, String target, String stepTarget) {
        return new DatasetPlan(DatasetName.of(source), DatasetName.of(target), DatasetAction.SEND, "", List.of(
                new SendStep(DatasetName.of(source), DatasetName.of(stepTarget), SendKind.INCREMENTAL, S1, S2, null,
                        true, -1)));
    }

    private static ReplicationPlan plan(DatasetPlan... datasets) {
        return new ReplicationPlan(Instant.EPOCH, "local", "agent:storage-2", List.of(datasets));
    }

    @Test
    void shouldAcceptTheRootAndWhatLiesBelowIt() {
        ReplicationPlan plan = plan(send("tank/home", "backup/home", "backup/home"),
                send("tank/home/alice", "backup/home/alice", "backup/home/alice"),
                new DatasetPlan(DatasetName.of("tank/home/bob"), DatasetName.of("backup/home/bob"),
                        DatasetAction.UP_TO_DATE, "", List.of()));

        assertThat(SCOPE.check(plan, "plan.json")).isSameAs(plan);
    }

    @Test
    void shouldRefuseATargetOutsideTheRoot() {
        for (String outside : new String[] {"backup", "backup/homes", "backup/home2/x", "tank/home", "other/backup/home"}) {
            Throwable refused = catchThrowable(() -> SCOPE.check(plan(send("tank/home", outside, outside)), "plan.json"));
            assertThat(refused).as(outside).isInstanceOf(PlanException.class).hasMessage("zfsSendRecv: plan.json names the "
                    + "target dataset " + outside + ", which is not backup/home or below it (the step's targetRoot); "
                    + "nothing was done on the target");
        }
    }

    @Test
    void shouldNeverSeeAStepWhoseTargetLeavesItsDatasetsBecauseThePlanRefusesItFirst() {
        Throwable refused = catchThrowable(() -> plan(send("tank/home", "backup/home", "pool2/victim")));

        assertThat(refused).isInstanceOf(PlanException.class).hasMessageContaining("sends tank/home -> pool2/victim");
    }

    @Test
    void shouldRefuseANameZfsWouldNotAccept() {
        assertThat(catchThrowable(() -> SCOPE.check("backup/home/../../etc", "prune-report.json")))
                .isInstanceOf(InvalidNameException.class);
    }
}
