package io.jenkins.plugins.zfsreplication.steps.views;

import io.jenkins.plugins.zfsreplication.steps.verify.VerifySettings.Hashing;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.steps.shared.RoundTrip;
import io.jenkins.plugins.zfsreplication.steps.plan.PlanCallable;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.SendRecvCallable;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.SendRecvSettings;
import io.jenkins.plugins.zfsreplication.steps.sendrecv.SendRecvSummary;
import io.jenkins.plugins.zfsreplication.steps.verify.VerifyCallable;
import io.jenkins.plugins.zfsreplication.steps.verify.VerifySettings;
import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.transfer.StepOutcome;
import io.jenkins.plugins.zfsreplication.transfer.StepResult;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build-page summary's data: records made from what the engine really returned (a verify of a
 * real sparse file; a transfer report with known outcomes), and the action that collects them.
 */
class ZfsReplicationActionTest {
    private static final int MIB = 1 << 20;

    @TempDir
    Path workspace;

    /** 6 MiB, data only in chunks 2 and 3 (the rest are holes). */
    private void disk(String name) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(workspace.resolve(name).toFile(), "rw")) {
            byte[] data = new byte[MIB + 4096];
            new Random(3).nextBytes(data);
            raf.seek(2L * MIB);
            raf.write(data);
            raf.setLength(6L * MIB);
        }
    }

    private void poke(String name, long offset) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(workspace.resolve(name).toFile(), "rw")) {
            raf.seek(offset);
            raf.write(0x5a);
        }
    }

    private VerifyRecord verify(String name, String compareWith) throws IOException {
        VerifySettings settings = new VerifySettings("disk.img", name, new Hashing("1M", 1, "xxh64", "auto", 1),
                compareWith, false);
        return new VerifyRecord(settings.target(), settings.compareWith(), settings.name(),
                new VerifyCallable(settings).invoke(workspace.toFile(), null), false);
    }

    @Test
    void shouldRecordWhatAVerifyOfARealFileFound() throws Exception {
        disk("disk.img");

        VerifyRecord hashed = verify("source", null);
        poke("disk.img", 0);              // a hole chunk gets data
        poke("disk.img", 5L * MIB + 7);   // and the last one
        VerifyRecord compared = verify("copy", "source.manifest");

        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(hashed.getVerdict()).isEqualTo("HASHED");
        soft.assertThat(hashed.getFiles()).isEqualTo(1);
        soft.assertThat(hashed.getBytes()).isEqualTo(6L * MIB);
        soft.assertThat(hashed.getChunks()).isEqualTo(6);
        soft.assertThat(hashed.getDifferences()).isZero();
        soft.assertThat(hashed.getArtifacts()).containsExactly("source.manifest", "source-report.json",
                "source-throughput.csv", "source-throughput.svg");
        soft.assertThat(hashed.getChart()).isEqualTo("source-throughput.svg");
        soft.assertThat(hashed.getBytesText()).isEqualTo("6.0 MiB");
        soft.assertThat(compared.getVerdict()).isEqualTo("MISMATCH");
        soft.assertThat(compared.isMismatch()).isTrue();
        soft.assertThat(compared.getDifferences()).isEqualTo(2);
        soft.assertThat(compared.getCompareWith()).isEqualTo("source.manifest");
        soft.assertAll();
    }

    @Test
    void shouldCallAComparisonOfUnchangedDataIdentical() throws Exception {
        disk("disk.img");
        verify("source", null);

        VerifyRecord compared = verify("copy", "source.manifest");

        assertThat(compared.getVerdict()).isEqualTo("IDENTICAL");
        assertThat(compared.getDifferences()).isZero();
    }

    @Test
    void shouldCountDatasetsSkippedAndFailedStepsOfATransferReport() {
        DatasetName a = DatasetName.of("tank/a");
        DatasetName b = DatasetName.of("tank/b");
        Instant start = Instant.parse("2026-11-30T01:00:00Z");
        TransferReport report = new TransferReport(start, start.plusMillis(2500), "local", 2, List.of(), List.of(
                result(full(a, "s1"), StepOutcome.OK, 3 * MIB),
                result(full(b, "s1"), StepOutcome.OK, MIB),
                result(full(b, "s2"), StepOutcome.SKIPPED, 0)), List.of());

        SendRecvSummary summary = SendRecvCallable.summary(report, List.of("out/transfer.json", "out/throughput.svg"));
        SendRecvRecord record = summary.record(settings(), false);

        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(record.isSucceeded()).isTrue();
        soft.assertThat(record.getDatasets()).isEqualTo(2);
        soft.assertThat(record.getSteps()).isEqualTo(3);
        soft.assertThat(record.getSkippedSteps()).isEqualTo(1);
        soft.assertThat(record.getFailedSteps()).isZero();
        soft.assertThat(record.getBytes()).isEqualTo(4L * MIB);
        soft.assertThat(record.getSeconds()).isEqualTo(2.5);
        soft.assertThat(record.getThroughput()).isEqualTo(4.0 * MIB / 2.5);
        soft.assertThat(record.getChart()).isEqualTo("out/throughput.svg");
        soft.assertThat(record.getPlan()).isEqualTo("plan.json");
        soft.assertThat(summary.toMap()).containsEntry("bytes", 4L * MIB).containsEntry("skippedSteps", 1)
                .containsEntry("datasets", 2);
        soft.assertAll();
    }

    @Test
    void shouldCollectRecordsByKindAndSurviveSerialization() throws Exception {
        disk("disk.img");
        verify("source", null);
        poke("disk.img", 0);
        VerifyRecord mismatch = verify("copy", "source.manifest");
        Instant start = Instant.parse("2026-11-30T01:00:00Z");
        SendRecvRecord transfer = SendRecvCallable.summary(new TransferReport(start,
                start.plusSeconds(1), "local", 1, List.of(), List.of(result(full(DatasetName.of("tank/a"), "s1"),
                StepOutcome.OK, 1000)), List.of()), List.of()).record(settings(), false);

        ZfsReplicationAction copy = new ZfsReplicationAction();
        copy.add(RoundTrip.of(transfer)); // records travel (and are stored) apart from the run
        copy.add(RoundTrip.of(mismatch));

        assertThat(copy.getTransfers()).singleElement().extracting(SendRecvRecord::getBytes).isEqualTo(1000L);
        assertThat(copy.getVerifications()).singleElement().extracting(VerifyRecord::getDifferences).isEqualTo(1L);
        assertThat(copy.getBytesSent()).isEqualTo(1000);
        assertThat(copy.isMismatch()).isTrue();
        assertThat(copy.getRecords()).hasSize(2);
        assertThat(copy.getIconFileName()).isNull();
        assertThat(copy.getUrlName()).isNull();
    }

    @Test
    void shouldCountWhatAPlanDoesWithEachDataset() {
        DatasetName a = DatasetName.of("tank/a");
        ReplicationPlan plan = new ReplicationPlan(Instant.EPOCH, "local", "nas", List.of(
                new DatasetPlan(a, full(a, "s1").target(), DatasetAction.SEND, "", List.of(full(a, "s1"), full(a, "s2"))),
                dataset("tank/b", DatasetAction.UP_TO_DATE), dataset("tank/c", DatasetAction.EXCLUDED),
                dataset("tank/d", DatasetAction.SKIPPED), dataset("tank/e", DatasetAction.DIVERGED),
                dataset("tank/f", DatasetAction.REFUSED)));

        PlanCallable.Summary summary = PlanCallable.summary(plan, "", List.of());
        PlanRecord record = summary.record("tank", List.of("plan.json"));

        assertThat(record).extracting(PlanRecord::getDatasets, PlanRecord::getToSend, PlanRecord::getSteps,
                PlanRecord::getUpToDate, PlanRecord::getSkipped, PlanRecord::getProblems).containsExactly(6, 1, 2, 1, 2, 3);
        // excluded by the backup host's choice is no problem; skipped for a bad property or name is one (UNSTABLE)
        assertThat(summary.toMap()).containsEntry("toSend", 1).containsEntry("skipped", 2).containsEntry("problems", 3);
        ZfsReplicationAction action = new ZfsReplicationAction();
        action.add(record);
        assertThat(action.getPlans()).containsExactly(record);
        assertThat(action.getTransfers()).isEmpty();
    }

    private static DatasetPlan dataset(String name, DatasetAction action) {
        return new DatasetPlan(DatasetName.of(name), DatasetName.of("backup/" + name.substring(5)), action, "test",
                List.of());
    }

    private static SendRecvSettings settings() {
        return new SendRecvSettings("plan.json", "local", "", "", "out", TransferOptions.defaults().withBuffer(1 << 20, 0));
    }

    private static SendStep full(DatasetName source, String snapshot) {
        return new SendStep(source, DatasetName.of("backup/" + source.toString().replace('/', '_')), SendKind.FULL, null,
                new SnapshotRef(snapshot, 1, 1, 1), null, false, -1);
    }

    private static StepResult result(SendStep step, StepOutcome outcome, long bytes) {
        return new StepResult(step, outcome, List.of(), new StepResult.Measured(Instant.EPOCH, 1.0, bytes), "",
                List.of(), List.of());
    }

}
