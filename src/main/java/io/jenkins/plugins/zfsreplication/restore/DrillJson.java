package io.jenkins.plugins.zfsreplication.restore;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/** restore-drill.json, format 1 (docs/formats.md). */
public final class DrillJson {
    public static final String KIND = "zfs-replication-restore-drill";
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private DrillJson() {
    }

    public static String write(DrillRecord record) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", 1);
        root.put("kind", KIND);
        root.put("host", record.host());
        root.put("dataset", record.dataset());
        root.put("snapshot", record.snapshot());
        root.put("guid", record.guid());
        root.put("scratch", record.subject().scratch());
        root.put("reference", record.subject().reference());
        root.put("referenceSha256", record.subject().referenceSha256());
        root.put("encrypted", record.keys().encrypted());
        root.put("raw", record.keys().raw());
        root.put("keyLoaded", record.keys().keyLoaded());
        root.put("startedAt", record.startedAt().toString());
        root.put("finishedAt", record.finishedAt() == null ? null : record.finishedAt().toString());
        root.put("result", record.result().label());
        root.put("bytes", record.outcome().bytes());
        root.put("receiveSeconds", Math.round(record.outcome().receiveSeconds() * 1000) / 1000.0);
        root.put("verifySeconds", Math.round(record.outcome().verifySeconds() * 1000) / 1000.0);
        root.put("comparison", record.outcome().comparison());
        root.put("scratchDestroyed", record.outcome().scratchDestroyed());
        root.put("error", record.outcome().error());
        root.putArray("log").addAll(record.log().stream().map(MAPPER.getNodeFactory()::textNode).toList());
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of strings and numbers always renders", e);
        }
    }

    /**
     * Reads a restore-drill.json back (e.g. one an agent wrote), checking every field's type and the
     * result; a record that is not one is refused with the reason.
     */
    public static DrillRecord read(byte[] json) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new DrillException("restore-drill.json is not JSON: %s", e.getOriginalMessage());
        } catch (IOException e) {
            throw new DrillException("restore-drill.json cannot be read: %s", e.getMessage());
        }
        if (root == null || !root.isObject() || root.path("format").asInt() != 1 || !KIND.equals(root.path("kind").asText())) {
            throw new DrillException("restore-drill.json is not a restore drill record of format 1");
        }
        String label = text(root, "result", false);
        DrillResult result = DrillResult.of(label).orElse(null);
        if (result == null) {
            throw new DrillException("restore-drill.json: unknown result '%s'", label);
        }
        long bytes = number(root, "bytes");
        List<String> log = new ArrayList<>();
        for (JsonNode line : root.path("log")) {
            log.add(line.asText());
        }
        String finished = text(root, "finishedAt", true);
        return new DrillRecord(new DrillRecord.Subject(text(root, "host", true), text(root, "dataset", false),
                text(root, "snapshot", false), text(root, "guid", false), text(root, "scratch", false),
                text(root, "reference", false), text(root, "referenceSha256", false)),
                new DrillRecord.Keys(bool(root, "encrypted"), bool(root, "raw"), bool(root, "keyLoaded")),
                instant(text(root, "startedAt", false)), finished == null ? null : instant(finished),
                new DrillRecord.Outcome(result, bytes, seconds(root, "receiveSeconds"), seconds(root, "verifySeconds"),
                        text(root, "comparison", true), bool(root, "scratchDestroyed"), text(root, "error", true)), log);
    }

    private static String text(JsonNode root, String field, boolean nullable) {
        JsonNode node = root.get(field);
        if (node != null && node.isTextual()) {
            return node.asText();
        }
        if (nullable && (node == null || node.isNull())) {
            return null;
        }
        throw new DrillException("restore-drill.json: %s must be a string", field);
    }

    private static boolean bool(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || !node.isBoolean()) {
            throw new DrillException("restore-drill.json: %s must be true or false", field);
        }
        return node.asBoolean();
    }

    private static long number(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || !node.canConvertToExactIntegral() || node.asLong() < 0) {
            throw new DrillException("restore-drill.json: %s must be a whole number, 0 or more", field);
        }
        return node.asLong();
    }

    private static double seconds(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || !node.isNumber() || node.asDouble() < 0 || !Double.isFinite(node.asDouble())) {
            throw new DrillException("restore-drill.json: %s must be a number of seconds, 0 or more", field);
        }
        return node.asDouble();
    }

    private static Instant instant(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new DrillException("restore-drill.json: '%s' is not a time", text);
        }
    }
}
