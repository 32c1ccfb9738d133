package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which datasets a prune's refused destroys belong to, read from prune-report.json: only a report
 * that pins every error on a dataset of the plan lets the night go on; anything else (a dry run,
 * an error of another kind, a candidate outside the plan, a file that is no report) is no answer.
 */
class NightPruneOutcomesTest {
    private static final ReplicationPlan PLAN = new ReplicationPlan(Instant.parse("2026-12-01T00:00:00Z"), "local",
            "local", List.of(dataset("a"), dataset("b"), dataset("c")));
    private static final String REFUSED = "target backup/a: cannot destroy snapshots: dataset is busy (some of"
            + " [zr-1] may be destroyed: list the dataset to see)";

    @TempDir
    Path folder;

    @Test
    void shouldPinEachRefusedDestroyOnItsSourceDataset() throws IOException {
        Path report = report(false, candidate("target", "backup/a", "zr-1", false)
                + "," + candidate("target", "backup/b", "zr-1", true) + "," + candidate("source", "tank/c", "zr-1",
                false), "\"" + REFUSED + "\", \"source tank/c: cannot destroy: no permission\"");

        assertThat(NightOutcomes.pruneFailures(report, PLAN)).containsExactlyInAnyOrderEntriesOf(Map.of(
                "tank/a", REFUSED, "tank/c", "source tank/c: cannot destroy: no permission"));
    }

    @Test
    void shouldGiveNoAnswerForADryRunAnErrorOfAnotherKindOrADatasetOutsideThePlan() throws IOException {
        String refused = candidate("target", "backup/a", "zr-1", false);

        assertThat(NightOutcomes.pruneFailures(report(true, refused, "\"" + REFUSED + "\""), PLAN)).isNull();
        assertThat(NightOutcomes.pruneFailures(report(false, refused, "\"" + REFUSED + "\", \"the listing broke\""),
                PLAN)).isNull();
        assertThat(NightOutcomes.pruneFailures(report(false, candidate("target", "backup/x", "zr-1", false),
                "\"target backup/x: busy\""), PLAN)).isNull();
        assertThat(NightOutcomes.pruneFailures(report(false, refused, ""), PLAN)).isNull();
        Path notAReport = Files.writeString(folder.resolve("other.json"), "[1, 2]\n");
        assertThat(NightOutcomes.pruneFailures(notAReport, PLAN)).isNull();
        assertThat(NightOutcomes.pruneFailures(folder.resolve("missing.json"), PLAN)).isNull();
    }

    @Test
    void shouldMakeASentOrCurrentDatasetNeedAttentionAndKeepAFailedOneFailed() {
        List<DatasetAccount> accounts = List.of(new DatasetAccount("tank/a", DatasetOutcome.SENT, "full"),
                new DatasetAccount("tank/b", DatasetOutcome.CURRENT, "up to date"),
                new DatasetAccount("tank/c", DatasetOutcome.FAILED, "step to @zr-2 failed: x"),
                new DatasetAccount("tank/d", DatasetOutcome.SENT, "incremental"));

        List<DatasetAccount> after = NightOutcomes.afterPrune(accounts, Map.of("tank/a", "A", "tank/b", "B",
                "tank/c", "C"));

        assertThat(after).containsExactly(
                new DatasetAccount("tank/a", DatasetOutcome.ATTENTION, "sent, but its prune failed: A"),
                new DatasetAccount("tank/b", DatasetOutcome.ATTENTION, "already current, but its prune failed: B"),
                new DatasetAccount("tank/c", DatasetOutcome.FAILED, "step to @zr-2 failed: x; and its prune failed: C"),
                new DatasetAccount("tank/d", DatasetOutcome.SENT, "incremental"));
    }

    private Path report(boolean dryRun, String candidates, String errors) throws IOException {
        return Files.writeString(folder.resolve("prune-report.json"), "{\n  \"format\" : 1,\n  \"kind\" :"
                + " \"zfs-replication-prune-report\",\n  \"dryRun\" : " + dryRun + ",\n  \"retention\" : [ {"
                + " \"dataset\" : \"tank/a\" } ],\n  \"candidates\" : [ " + candidates + " ],\n  \"errors\" : [ "
                + errors + " ]\n}\n");
    }

    private static String candidate(String side, String dataset, String snapshot, boolean destroyed) {
        return "{ \"side\" : \"" + side + "\", \"host\" : \"local\", \"dataset\" : \"" + dataset + "\", \"snapshot\" : \""
                + snapshot + "\", \"decision\" : \"DESTROY\", \"rule\" : \"kept by no target rule\", \"destroyed\" : "
                + destroyed + " }";
    }

    private static DatasetPlan dataset(String name) {
        return new DatasetPlan(DatasetName.of("tank/" + name), DatasetName.of("backup/" + name),
                DatasetAction.UP_TO_DATE, "up to date", List.of());
    }
}
