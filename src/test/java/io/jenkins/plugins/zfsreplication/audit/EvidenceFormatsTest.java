package io.jenkins.plugins.zfsreplication.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.zfsreplication.coverage.CoverageSummary;
import io.jenkins.plugins.zfsreplication.coverage.NightJson;
import io.jenkins.plugins.zfsreplication.coverage.NightReport;
import io.jenkins.plugins.zfsreplication.coverage.SlicePlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.prune.CandidateSide;
import io.jenkins.plugins.zfsreplication.prune.Decision;
import io.jenkins.plugins.zfsreplication.prune.PruneDecision;
import io.jenkins.plugins.zfsreplication.prune.PruneReport;
import io.jenkins.plugins.zfsreplication.prune.PruneReportJson;
import io.jenkins.plugins.zfsreplication.transfer.StepOutcome;
import io.jenkins.plugins.zfsreplication.transfer.StepResult;
import io.jenkins.plugins.zfsreplication.transfer.TransferArtifacts;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;
import io.jenkins.plugins.zfsreplication.verify.CompareResult;
import io.jenkins.plugins.zfsreplication.verify.Difference;
import io.jenkins.plugins.zfsreplication.verify.FileTotals;
import io.jenkins.plugins.zfsreplication.verify.HashAlgorithm;
import io.jenkins.plugins.zfsreplication.verify.HashImplementation;
import io.jenkins.plugins.zfsreplication.verify.ManifestHeader;
import io.jenkins.plugins.zfsreplication.verify.SparseMode;
import io.jenkins.plugins.zfsreplication.verify.VerifyArtifacts;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;
import io.jenkins.plugins.zfsreplication.verify.VerifyResult;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each record the audit reads, written by its format's own writer and read by the audit through
 * that format's reader: the snapshots and verdict come out exactly; and a field the audit reads,
 * renamed in what the writer wrote, makes the record unreadable rather than quietly recording less.
 */
class EvidenceFormatsTest {
    private static final Instant NOW = Instant.parse("2026-12-01T03:00:00Z");
    private static final String G1 = "9223372036855775811";
    private static final String G2 = "18446744073709551615";

    @Test
    void shouldReadATransferRecordAsItsWriterWroteIt() {
        String json = transferJson();

        Evidence evidence = Evidence.of("out/transfer.json", bytes(json));

        assertThat(evidence.snapshots).containsExactly(new SnapshotGuid("tank/home", "zr-1", G1),
                new SnapshotGuid("tank/home", "zr-2", G2), new SnapshotGuid("backup/home", "zr-1", G1),
                new SnapshotGuid("backup/home", "zr-2", G2));
        assertThat(evidence.verdict).isEqualTo(new Verdict("out/transfer.json", "failed"));
        for (String field : List.of("\"toGuid\"", "\"fromGuid\"", "\"steps\"", "\"result\" : \"failed\"")) {
            assertUnreadable("transfer.json", json, field);
        }
    }

    @Test
    void shouldReadAPruneReportAsItsWriterWroteIt() {
        String json = pruneJson(List.of());

        Evidence evidence = Evidence.of("prune-report.json", bytes(json));

        assertThat(evidence.snapshots).containsExactly(new SnapshotGuid("backup/home", "zr-2", G2));
        assertThat(evidence.verdict).isEqualTo(new Verdict("prune-report.json", "destroyed"));
        assertThat(Evidence.of("prune-report.json", bytes(pruneJson(List.of("e")))).verdict)
                .isEqualTo(new Verdict("prune-report.json", "errors"));
        // with the old reading, a renamed list or flag read as empty or as a dry run
        for (String field : List.of("\"candidates\"", "\"dryRun\"", "\"errors\"", "\"guid\"")) {
            assertUnreadable("prune-report.json", json, field);
        }
    }

    @Test
    void shouldReadACoverageNightAsItsWriterWroteIt() {
        String json = nightJson();

        Evidence evidence = Evidence.of(NightReport.FILE_NAME, bytes(json));

        assertThat(evidence.snapshots).containsExactly(new SnapshotGuid("backup/home", "zr-1", G1),
                new SnapshotGuid("backup/home", "zr-2", G2));
        assertThat(evidence.verdict).isEqualTo(new Verdict(NightReport.FILE_NAME, "matched"));
        // with the old reading, a renamed list read as no snapshots
        for (String field : List.of("\"reads\"", "\"added\"", "\"verdict\"")) {
            assertUnreadable(NightReport.FILE_NAME, json, field);
        }
    }

    @Test
    void shouldReadAVerifyReportAsItsWriterWroteIt() {
        assertThat(Evidence.of("target-report.json", bytes(verifyJson(null))).verdict)
                .isEqualTo(new Verdict("target-report.json", "hashed"));
        String identical = verifyJson(new CompareResult(Map.of(), List.of(), 1, 1));
        assertThat(Evidence.of("target-report.json", bytes(identical)).verdict)
                .isEqualTo(new Verdict("target-report.json", "identical"));
        String mismatch = verifyJson(new CompareResult(Map.of(Difference.Kind.MISSING, 1L), List.of(), 1, 1));
        assertThat(Evidence.of("target-report.json", bytes(mismatch)).verdict)
                .isEqualTo(new Verdict("target-report.json", "mismatch"));
        assertUnreadable("target-report.json", identical, "\"identical\"");
    }

    private static void assertUnreadable(String path, String json, String field) {
        assertThat(json).as(field).contains(field);
        String renamed = json.replace(field, field.replaceFirst("\"(\\w)", "\"x$1"));
        Evidence evidence = Evidence.of(path, bytes(renamed));
        assertThat(evidence.verdict).as(field).isEqualTo(new Verdict(path, "unreadable"));
        assertThat(evidence.snapshots).as(field).isEmpty();
    }

    private static String transferJson() {
        DatasetName source = DatasetName.of("tank/home");
        SendStep step = new SendStep(source, DatasetName.of("backup/home"), SendKind.INCREMENTAL,
                new SnapshotRef("zr-1", Long.parseUnsignedLong(G1), 1, 1), new SnapshotRef("zr-2", -1L, 2, 2),
                null, false, -1);
        StepResult result = new StepResult(step, StepOutcome.FAILED, List.of(), new StepResult.Measured(NOW, 1.5, 0),
                "zfs receive failed", List.of(), List.of());
        return TransferArtifacts.json(new TransferReport(NOW, NOW.plusSeconds(2), "local", 1, List.of(),
                List.of(result), List.of()));
    }

    private static String pruneJson(List<String> errors) {
        return PruneReportJson.write(new PruneReport(PruneReport.When.unwitnessed(NOW, "given"), false,
                new PruneReport.Sides("local", "local", null, "last: 1"),
                List.of(new PruneDecision(CandidateSide.TARGET, "local", "backup/home", "zr-2", -1L, 1_800_000_000L,
                        new PruneDecision.Verdict(Decision.KEEP, "last: 1", false))),
                new PruneReport.NotSent(0, 0, "none"), errors, List.of()));
    }

    private static String nightJson() {
        NightReport report = new NightReport(
                new NightReport.Basis("local", "backup/home", NOW, 7, 0, null, "first night", null),
                new NightReport.Slice(new SlicePlan(List.of(), 0, 0, 0, 0, 0), 10, 10, 0.5, false, null,
                        List.of(new NightReport.Read("backup/home", "zr-1", G1, List.of(), 10, 10))),
                new NightReport.Changes(List.of(new NightReport.Added("backup/home", "zr-2", G2, "zr-1", 5, 5, null)),
                        List.of()),
                new NightReport.Findings(List.of(), 0), new CoverageSummary(NOW, 7, List.of()),
                new NightReport.Guarantee(7, 0, 0, null), null, List.of());
        return NightJson.write(report);
    }

    private static String verifyJson(CompareResult comparison) {
        VerifyOptions options = new VerifyOptions(1 << 20, 2, HashAlgorithm.XXH64, SparseMode.SEEK, 3);
        ManifestHeader header = new ManifestHeader(ManifestHeader.FORMAT, "zfs-replication 9.9", HashAlgorithm.XXH64,
                1 << 20, 2, ManifestHeader.Layout.TREE, true);
        VerifyResult result = new VerifyResult("backup/home@zr-2", header,
                new VerifyResult.Hashing(options, HashImplementation.JAVA),
                new VerifyResult.Read(new FileTotals(0, 0, 0, 0, 0, 0, 0, 0), List.of(), List.of(), 0),
                new VerifyResult.Timing(List.of(), 0.5), List.of(), null, null);
        return VerifyArtifacts.reportJson(result, "target.manifest", comparison);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
