package io.jenkins.plugins.zfsreplication.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.coverage.NightJson;
import io.jenkins.plugins.zfsreplication.files.InputFileException;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.prune.PruneReportJson;
import io.jenkins.plugins.zfsreplication.restore.DrillException;
import io.jenkins.plugins.zfsreplication.restore.DrillJson;
import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import io.jenkins.plugins.zfsreplication.transfer.TransferArtifacts;
import io.jenkins.plugins.zfsreplication.verify.VerifyArtifacts;
import io.jenkins.plugins.zfsreplication.verify.VerifyException;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What an archived record says, for the audit record: the snapshots it names with their GUIDs and
 * its verdict. Records are recognised by their {@code kind} (plan, prune report, transfer, restore
 * drill, coverage night) or, for verify reports, by their name and fields, and read by their
 * format's own reader, which refuses a field its writer no longer writes; other artifacts
 * (manifests, charts, logs) are only hashed.
 */
final class Evidence {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    final List<SnapshotGuid> snapshots = new ArrayList<>();
    Verdict verdict;

    private Evidence() {
    }

    static Evidence of(String path, byte[] content) {
        Evidence evidence = new Evidence();
        if (!path.endsWith(".json")) {
            return evidence;
        }
        try {
            JsonNode root = MAPPER.readTree(content);
            if (root == null || !root.isObject()) {
                throw new AuditException("not a JSON object");
            }
            evidence.read(path, root, content);
        } catch (IOException | AuditException | InputFileException | ZfsException | DrillException | VerifyException e) {
            // a record the steps write, yet unreadable: said, never silently dropped
            evidence.snapshots.clear();
            if (isRecordName(path)) {
                evidence.verdict = new Verdict(path, "unreadable");
            }
        }
        return evidence;
    }

    private static boolean isRecordName(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        return name.equals("plan.json") || name.equals("prune-report.json") || name.equals("transfer.json")
                || name.endsWith("-report.json") || name.equals("restore-drill.json") || name.equals("coverage-night.json");
    }

    private void read(String path, JsonNode root, byte[] content) {
        switch (root.path("kind").asText("")) {
            case PlanJson.KIND -> {
                for (DatasetPlan dataset : PlanJson.read(new String(content, StandardCharsets.UTF_8), path).datasets()) {
                    for (SendStep step : dataset.steps()) {
                        snapshot(step.source().name(), step.from());
                        snapshot(step.source().name(), step.to());
                    }
                }
            }
            case PruneReportJson.KIND -> {
                PruneReportJson.Recorded report = PruneReportJson.read(root);
                report.candidates().forEach(candidate -> snapshot(candidate.dataset(), candidate.snapshot(), candidate.guid()));
                verdict = new Verdict(path, report.errors() > 0 ? "errors" : report.dryRun() ? "dry-run" : "destroyed");
            }
            case TransferArtifacts.KIND -> {
                TransferArtifacts.Recorded transfer = TransferArtifacts.read(root);
                for (TransferArtifacts.Sent step : transfer.steps()) {
                    for (String dataset : List.of(step.dataset(), step.target())) {
                        snapshot(dataset, step.from(), step.fromGuid());
                        snapshot(dataset, step.to(), step.toGuid());
                    }
                }
                verdict = new Verdict(path, transfer.result());
            }
            case DrillJson.KIND -> {
                DrillRecord drill = DrillJson.read(content);
                snapshot(drill.dataset(), drill.snapshot(), drill.guid());
                verdict = new Verdict(path, drill.result().label());
            }
            case NightJson.KIND -> {
                // the snapshots the night read and those that arrived, with their GUIDs; its verdict
                NightJson.Recorded night = NightJson.read(root);
                for (List<NightJson.Named> list : List.of(night.reads(), night.added())) {
                    list.forEach(entry -> snapshot(entry.dataset(), entry.snapshot(), entry.guid()));
                }
                verdict = new Verdict(path, night.verdict());
            }
            default -> {
                if (path.endsWith("-report.json")) {
                    VerifyArtifacts.readVerdict(root)
                            .ifPresent(read -> verdict = new Verdict(path, read.name().toLowerCase(Locale.ROOT)));
                }
            }
        }
    }

    private void snapshot(String dataset, SnapshotRef snapshot) {
        if (snapshot != null) {
            snapshots.add(new SnapshotGuid(dataset, snapshot.name(), snapshot.guidText()));
        }
    }

    /** A snapshot named with its GUID; neither (a full send's base) names none. */
    private void snapshot(String dataset, String name, String guid) {
        if (name == null && guid == null) {
            return;
        }
        if (name == null || guid == null) {
            throw new AuditException("a snapshot of %s without a name or GUID", dataset);
        }
        snapshots.add(new SnapshotGuid(dataset, name, guid));
    }
}
