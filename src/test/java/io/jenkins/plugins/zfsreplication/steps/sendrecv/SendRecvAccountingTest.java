package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import hudson.model.Result;
import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.RefusedName;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.steps.shared.RoundTrip;
import io.jenkins.plugins.zfsreplication.transfer.StepOutcome;
import io.jenkins.plugins.zfsreplication.transfer.StepResult;
import io.jenkins.plugins.zfsreplication.transfer.TransferAccounts;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;
import io.jenkins.plugins.zfsreplication.steps.views.SendRecvRecord;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What zfsSendRecv makes of a plan and its transfer report for the build: every dataset of the plan
 * by its outcome after the run (a planned send whose step did not end well failed), each one that
 * needs a person named with why, and UNSTABLE for one that needs attention, never for an exclusion.
 * The oracle is the plan and the step outcomes written here by hand.
 */
class SendRecvAccountingTest {
    private static final Instant START = Instant.parse("2026-11-30T01:00:00Z");
    private static final SendRecvSettings SETTINGS = new SendRecvSettings("plan.json", "local", "", "", "out",
            TransferOptions.defaults().withBuffer(1 << 20, 0));

    @Test
    void shouldAccountForEveryDatasetAfterTheRun() throws Exception {
        SendStep a1 = step("tank/a", "s1");
        SendStep b1 = step("tank/b", "s1");
        SendStep b2 = step("tank/b", "s2");
        SendStep c1 = step("tank/c", "s1");
        ReplicationPlan plan = new ReplicationPlan(START, "local", "local", List.of(DatasetName.of("tank")),
                DatasetName.of("backup"), List.of(send(a1), send(b1, b2), send(c1),
                dataset("tank/d", DatasetAction.UP_TO_DATE, "up to date"),
                dataset("tank/e", DatasetAction.EXCLUDED, "matches the exclude pattern 'tank/e'"),
                dataset("tank/f", DatasetAction.DIVERGED, "the target changed")),
                List.of(new RefusedName("tank/x y", "Invalid ZFS name", true)));
        // a sent whole; b's second step failed; c's only step skipped by the gate (not wanted any more)
        TransferReport report = report(List.of(result(a1, StepOutcome.OK, ""), result(b1, StepOutcome.OK, ""),
                result(b2, StepOutcome.FAILED, "zfs recv: out of space"), result(c1, StepOutcome.SKIPPED, "")));

        List<DatasetAccount> after = TransferAccounts.after(DatasetAccount.of(plan), report);
        SendRecvSummary summary = RoundTrip.of(SendRecvCallable.summary(report, List.of("out/transfer.json"), after));
        SendRecvRecord record = summary.record(SETTINGS, false);

        assertThat(after).extracting(DatasetAccount::dataset, DatasetAccount::outcome).containsExactly(
                tuple("tank/a", DatasetOutcome.SENT),
                tuple("tank/b", DatasetOutcome.FAILED),
                tuple("tank/c", DatasetOutcome.SENT),
                tuple("tank/d", DatasetOutcome.CURRENT),
                tuple("tank/e", DatasetOutcome.EXCLUDED),
                tuple("tank/f", DatasetOutcome.ATTENTION),
                tuple("tank/x y", DatasetOutcome.EXCLUDED));
        assertThat(record.getAccounting()).isEqualTo("2 sent, 1 already current, "
                + "2 excluded by the backup host's choice, 1 needs attention, 1 failed");
        assertThat(record.getNeedingAPerson()).containsExactly("tank/b: step to @s2 failed: zfs recv: out of space",
                "tank/f: DIVERGED (the target changed)");
        assertThat(SendRecvRunner.result(summary)).isSameAs(Result.UNSTABLE);
        assertThat(SendRecvRunner.attentionLines(summary)).containsExactly(
                "zfsSendRecv: needs attention: tank/f: DIVERGED (the target changed)");
        Map<String, Object> value = summary.toMap();
        assertThat(value.get("outcomes")).isEqualTo(Map.of("sent", 2, "current", 1, "excluded", 2, "attention", 1,
                "failed", 1));
        assertThat(value.get("datasetOutcomes")).isInstanceOf(ArrayList.class).asList().element(1).isEqualTo(Map.of(
                "dataset", "tank/b", "outcome", "failed", "reason", "step to @s2 failed: zfs recv: out of space"));
        assertThat(new SendRecvRunner(SETTINGS, "", null, "").warning(value))
                .isEqualTo("zfsSendRecv: 1 dataset(s) of the plan need attention; plan.txt says why");
    }

    @Test
    void shouldLeaveTheBuildAloneForExclusionsAndCountACancelledSendAsFailed() {
        SendStep a1 = step("tank/a", "s1");
        SendStep b1 = step("tank/b", "s1");
        ReplicationPlan plan = new ReplicationPlan(START, "local", "local", List.of(DatasetName.of("tank")),
                DatasetName.of("backup"), List.of(send(a1), send(b1),
                dataset("tank/e", DatasetAction.EXCLUDED, "zfs-replication:backup=off")));
        TransferReport report = report(List.of(result(a1, StepOutcome.CANCELLED, "cancelled"),
                result(b1, StepOutcome.NOT_RUN, "the run was cancelled before this step")));

        SendRecvSummary summary = SendRecvCallable.summary(report, List.of(),
                TransferAccounts.after(DatasetAccount.of(plan), report));

        assertThat(summary.record(SETTINGS, true).getAccounting()).isEqualTo("0 sent, 0 already current, "
                + "1 excluded by the backup host's choice, 0 needs attention, 2 failed");
        assertThat(summary.record(SETTINGS, true).getNeedingAPerson()).containsExactly(
                "tank/a: step to @s1 cancelled: cancelled",
                "tank/b: step to @s1 not-run: the run was cancelled before this step");
        assertThat(SendRecvRunner.result(summary)).isNull();
        assertThat(new SendRecvRunner(SETTINGS, "", null, "").warning(summary.toMap())).isNull();
    }

    private static TransferReport report(List<StepResult> results) {
        return new TransferReport(START, START.plusSeconds(60), "local", 1, List.of(), results, List.of());
    }

    private static SendStep step(String source, String snapshot) {
        return new SendStep(DatasetName.of(source), DatasetName.of("backup/" + source.substring(5)), SendKind.FULL,
                null, new SnapshotRef(snapshot, 1, 1, 1), null, false, -1);
    }

    private static DatasetPlan send(SendStep... steps) {
        return new DatasetPlan(steps[0].source(), steps[0].target(), DatasetAction.SEND, "", List.of(steps));
    }

    private static DatasetPlan dataset(String name, DatasetAction action, String reason) {
        return new DatasetPlan(DatasetName.of(name), DatasetName.of("backup/" + name.substring(5)), action, reason,
                List.of());
    }

    private static StepResult result(SendStep step, StepOutcome outcome, String message) {
        return new StepResult(step, outcome, List.of(), new StepResult.Measured(START, 1.0, 0), message, List.of(),
                List.of());
    }
}
