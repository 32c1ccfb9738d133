package io.jenkins.plugins.zfsreplication.check;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * check.json, the report for programs (docs/formats.md): written field by field, GUIDs as strings
 * (unsigned 64-bit numbers, which JSON readers in browsers would round), ages in seconds.
 */
public final class CheckJson {
    static final String KIND = "zfs-replication-check";
    static final int FORMAT = 1;
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private CheckJson() {
    }

    public static String write(FreshnessReport report) {
        ObjectNode root = header(report.status());
        root.put("now", report.now().toString());
        root.put("sourceHost", report.sourceHost());
        root.put("targetHost", report.targetHost());
        root.put("thresholds", report.thresholds());
        var datasets = root.putArray("datasets");
        for (DatasetFreshness dataset : report.datasets()) {
            ObjectNode node = datasets.addObject();
            node.put("source", dataset.source().name());
            node.put("target", dataset.target().name());
            node.put("status", dataset.status().name());
            node.put("reason", dataset.reason());
            node.put("warnSeconds", dataset.warnSeconds());
            node.put("critSeconds", dataset.critSeconds());
            put(node, "newestCommon", dataset.newestCommon());
            put(node, "newestSource", dataset.newestSource());
            put(node, "newestTarget", dataset.newestTarget());
        }
        var notJudged = root.putArray("notJudged");
        for (var refused : report.notJudged()) {
            notJudged.addObject().put("name", refused.name()).put("status", CheckStatus.WARNING.name())
                    .put("reason", refused.reason());
        }
        var coverage = root.putArray("coverage");
        for (CoverageAge age : report.coverage()) {
            ObjectNode node = coverage.addObject();
            node.put("dataset", age.dataset());
            node.put("status", age.status().name());
            node.put("reason", age.reason());
            node.put("warnSeconds", age.warnSeconds());
            node.put("critSeconds", age.critSeconds());
            node.put("ratio", age.ratio());
            node.put("oldest", age.oldest() == null ? null : age.oldest().toString());
            node.put("ageSeconds", age.ageSeconds());
        }
        root.put("night", report.night().night());
        var verified = root.putArray("verified");
        for (VerifiedCopy copy : report.night().datasets()) {
            verified.addObject().put("dataset", copy.dataset()).put("status", copy.status().name())
                    .put("reason", copy.reason());
        }
        return text(root);
    }

    /** The one object a check that could not look prints with {@code --json}, exit status 3. */
    public static String unknown(String problem) {
        ObjectNode root = header(CheckStatus.UNKNOWN);
        root.put("error", problem);
        return text(root);
    }

    private static ObjectNode header(CheckStatus status) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("kind", KIND);
        root.put("status", status.name());
        root.put("exitStatus", status.exitStatus());
        return root;
    }

    private static String text(ObjectNode root) {
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new CheckException("Cannot write the check as JSON: %s", e.getMessage());
        }
    }

    private static void put(ObjectNode node, String field, SnapshotAge age) {
        if (age == null) {
            node.putNull(field);
            return;
        }
        ObjectNode object = node.putObject(field);
        object.put("snapshot", age.name());
        object.put("guid", age.guid());
        object.put("time", age.time().toString());
        object.put("ageSeconds", age.ageSeconds());
    }
}
