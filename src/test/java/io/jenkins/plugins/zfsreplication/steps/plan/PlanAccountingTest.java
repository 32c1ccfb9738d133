package io.jenkins.plugins.zfsreplication.steps.plan;

import static org.assertj.core.api.Assertions.assertThat;

import hudson.model.Result;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.RefusedName;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.steps.shared.RoundTrip;
import io.jenkins.plugins.zfsreplication.steps.shared.StepDefaults;
import io.jenkins.plugins.zfsreplication.steps.views.PlanRecord;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What zfsSnapshotPlan makes of a plan for the build: every dataset counted by its outcome on the build
 * page and in the script's value, each one that needs attention named with why in the log and on the
 * page, and the result: UNSTABLE for any that needs attention, never for one the backup host excluded.
 * The oracle is the plan written here by hand: which dataset has which action.
 */
class PlanAccountingTest {
    @Test
    void shouldCountEveryOutcomeAndNameWhatNeedsAttention() throws Exception {
        ReplicationPlan plan = plan(List.of(send("tank/a"), dataset("tank/b", DatasetAction.UP_TO_DATE, "up to date"),
                        dataset("tank/c", DatasetAction.EXCLUDED, "matches the exclude pattern 'tank/c'"),
                        dataset("tank/d", DatasetAction.DIVERGED, "the target changed"),
                        dataset("tank/e", DatasetAction.SKIPPED, "zfs-replication:backup is 'maybe'")),
                List.of(new RefusedName("tank/my docs", "Invalid ZFS name"),
                        new RefusedName("tank/x y", "Invalid ZFS name", true)));

        PlanCallable.Summary summary = RoundTrip.of(PlanCallable.summary(plan, "", List.of()));
        PlanRecord record = summary.record("tank", List.of("plan.json", "plan.txt"));

        assertThat(record.isAccounted()).isTrue();
        assertThat(record.getAccounting()).isEqualTo("1 to send, 1 already current, "
                + "2 excluded by the backup host's choice, 3 needs attention");
        assertThat(List.of(DatasetOutcome.values())).extracting(record::count).containsExactly(1, 1, 2, 3, 0);
        assertThat(record.getAttention()).containsExactly("tank/d: DIVERGED (the target changed)",
                "tank/e: SKIPPED (zfs-replication:backup is 'maybe')", "tank/my docs: SKIPPED (Invalid ZFS name)");
        assertThat(record).extracting(PlanRecord::getDatasets, PlanRecord::getToSend, PlanRecord::getUpToDate,
                PlanRecord::getSkipped, PlanRecord::getProblems).containsExactly(5, 1, 1, 2, 3);

        assertThat(PlanRunner.result(summary)).isSameAs(Result.UNSTABLE);
        assertThat(PlanRunner.attentionLines(summary)).containsExactly(
                "zfsSnapshotPlan: needs attention: tank/d: DIVERGED (the target changed)",
                "zfsSnapshotPlan: needs attention: tank/e: SKIPPED (zfs-replication:backup is 'maybe')",
                "zfsSnapshotPlan: needs attention: tank/my docs: SKIPPED (Invalid ZFS name)");

        Map<String, Object> value = summary.toMap();
        assertThat(value.get("outcomes")).isEqualTo(Map.of("sent", 1, "current", 1, "excluded", 2, "attention", 3,
                "failed", 0));
        assertThat(value).containsEntry("problems", 3).containsEntry("skipped", 2).containsEntry("toSend", 1);
        assertThat((List<?>) value.get("datasetOutcomes")).hasSize(7).element(2).isEqualTo(Map.of("dataset", "tank/c",
                "outcome", "excluded", "reason", "matches the exclude pattern 'tank/c'"));
        assertThat(new ZfsSnapshotPlanStep("tank", "backup").runner(StepDefaults.BUILT_IN).warning(value))
                .isEqualTo("zfsSnapshotPlan: 3 dataset(s) need attention; plan.txt says why");
    }

    @Test
    void shouldLeaveTheBuildAloneForDatasetsTheBackupHostExcluded() {
        ReplicationPlan plan = plan(List.of(send("tank/a"),
                        dataset("tank/c", DatasetAction.EXCLUDED, "zfs-replication:backup=off"),
                        dataset("tank/f", DatasetAction.EXCLUDED, "matches no include pattern [tank/a]")),
                List.of(new RefusedName("tank/x y", "Invalid ZFS name", true)));

        PlanCallable.Summary summary = PlanCallable.summary(plan, "", List.of());
        PlanRecord record = summary.record("tank", List.of("plan.json"));

        assertThat(record.getAccounting()).isEqualTo("1 to send, 0 already current, "
                + "3 excluded by the backup host's choice, 0 needs attention");
        assertThat(record.getAttention()).isEmpty();
        assertThat(PlanRunner.result(summary)).isNull();
        assertThat(PlanRunner.attentionLines(summary)).isEmpty();
        assertThat(new ZfsSnapshotPlanStep("tank", "backup").runner(StepDefaults.BUILT_IN).warning(summary.toMap()))
                .isNull();
    }

    private static ReplicationPlan plan(List<DatasetPlan> datasets, List<RefusedName> refused) {
        return new ReplicationPlan(Instant.EPOCH, "local", "local", List.of(DatasetName.of("tank")),
                DatasetName.of("backup"), datasets, refused);
    }

    private static DatasetPlan send(String name) {
        DatasetName source = DatasetName.of(name);
        DatasetName target = DatasetName.of("backup/" + name.substring(5));
        return new DatasetPlan(source, target, DatasetAction.SEND, "", List.of(new SendStep(source, target,
                SendKind.FULL, null, new SnapshotRef("zr-1", 1, 1, 1), null, false, -1)));
    }

    private static DatasetPlan dataset(String name, DatasetAction action, String reason) {
        return new DatasetPlan(DatasetName.of(name), DatasetName.of("backup/" + name.substring(5)), action, reason,
                List.of());
    }
}
