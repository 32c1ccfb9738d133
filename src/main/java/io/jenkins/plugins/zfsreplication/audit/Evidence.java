package io.jenkins.plugins.zfsreplication.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What an archived record says, for the audit record: the snapshots it names with their GUIDs and
 * its verdict. Records are recognised by their {@code kind} (plan, prune report, transfer, restore
 * drill) or, for verify reports, by their name and fields; other artifacts (manifests, charts,
 * logs) are only hashed.
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
        JsonNode root;
        try {
            root = MAPPER.readTree(content);
        } catch (IOException e) {
            root = null;
        }
        try {
            if (root == null || !root.isObject()) {
                throw new AuditException("not a JSON object");
            }
            evidence.read(path, root);
        } catch (AuditException e) {
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

    private void read(String path, JsonNode root) {
        String kind = root.path("kind").asText("");
        switch (kind) {
            case "zfs-replication-plan" -> {
                for (JsonNode dataset : root.path("datasets")) {
                    for (JsonNode step : dataset.path("steps")) {
                        String source = text(step, "source");
                        snapshot(source, step.path("from").path("name"), step.path("from").path("guid"));
                        snapshot(source, step.path("to").path("name"), step.path("to").path("guid"));
                    }
                }
            }
            case "zfs-replication-prune-report" -> {
                for (JsonNode candidate : root.path("candidates")) {
                    snapshot(text(candidate, "dataset"), candidate.path("snapshot"), candidate.path("guid"));
                }
                boolean errors = root.path("errors").size() > 0;
                verdict = new Verdict(path, errors ? "errors" : root.path("dryRun").asBoolean(true) ? "dry-run" : "destroyed");
            }
            case "zfs-replication-transfer" -> {
                for (JsonNode step : root.path("steps")) {
                    for (String dataset : List.of(text(step, "dataset"), text(step, "target"))) {
                        snapshot(dataset, step.path("from"), step.path("fromGuid"));
                        snapshot(dataset, step.path("to"), step.path("toGuid"));
                    }
                }
                verdict = new Verdict(path, text(root, "result"));
            }
            case "zfs-replication-restore-drill" -> {
                snapshot(text(root, "dataset"), root.path("snapshot"), root.path("guid"));
                verdict = new Verdict(path, text(root, "result"));
            }
            case "zfs-replication-coverage-night" -> {
                // the snapshots the night read and those that arrived, with their GUIDs; its verdict
                for (String list : List.of("reads", "added")) {
                    for (JsonNode entry : root.path(list)) {
                        snapshot(text(entry, "dataset"), entry.path("snapshot"), entry.path("guid"));
                    }
                }
                verdict = new Verdict(path, text(root, "verdict"));
            }
            default -> readVerifyReport(path, root);
        }
    }

    private void readVerifyReport(String path, JsonNode root) {
        if (!path.endsWith("-report.json") || !root.has("totals") || !root.path("tool").asText("").startsWith("zfs-replication")) {
            return;
        }
        JsonNode comparison = root.get("comparison");
        if (root.path("cancelled").isTextual()) {
            verdict = new Verdict(path, "cancelled"); // cut before its manifest was written
        } else if (comparison == null || comparison.isNull()) {
            verdict = new Verdict(path, "hashed");
        } else if (!comparison.path("identical").isBoolean()) {
            throw new AuditException("comparison without a verdict");
        } else {
            verdict = new Verdict(path, comparison.path("identical").asBoolean() ? "identical" : "mismatch");
        }
    }

    /** A snapshot named with its GUID; a null base (a full send) names none. */
    private void snapshot(String dataset, JsonNode name, JsonNode guid) {
        if ((name.isMissingNode() || name.isNull()) && (guid.isMissingNode() || guid.isNull())) {
            return;
        }
        if (!name.isTextual() || !guid.isTextual()) {
            throw new AuditException("a snapshot of %s without a name or GUID", dataset);
        }
        snapshots.add(new SnapshotGuid(dataset, name.asText(), guid.asText()));
    }

    private static String text(JsonNode node, String field) {
        return Optional.ofNullable(node.get(field)).filter(JsonNode::isTextual).map(JsonNode::asText)
                .orElseThrow(() -> new AuditException("field \"%s\" is missing", field));
    }
}
