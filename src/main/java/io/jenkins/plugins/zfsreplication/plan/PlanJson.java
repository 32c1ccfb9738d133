package io.jenkins.plugins.zfsreplication.plan;

import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.files.InputFileException;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * plan.json: written field by field so that the file is the documented format (docs/formats.md)
 * and not whatever a serializer makes of the records; read back with a check of every field, so
 * that a corrupt or foreign file is refused with the field it broke on. GUIDs are strings: they
 * are unsigned 64-bit numbers, which JSON readers in browsers would round.
 */
public final class PlanJson {
    public static final String KIND = "zfs-replication-plan";
    /** Far above any real plan (about 1 KiB per step): a bigger file is not one, and would only fill the heap. */
    public static final long MAX_BYTES = 64L << 20;
    // a key given twice is refused: with last-wins a reader and a reviewer could see different plans
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    private PlanJson() {
    }

    public static String write(ReplicationPlan plan) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", ReplicationPlan.FORMAT);
        root.put("kind", KIND);
        root.put("createdAt", plan.createdAt().toString());
        root.put("sourceHost", plan.sourceHost());
        root.put("targetHost", plan.targetHost());
        ArrayNode sourceRoots = root.putArray("sourceRoots");
        plan.sourceRoots().forEach(sourceRoot -> sourceRoots.add(sourceRoot.name()));
        root.put("targetRoot", plan.targetRoot().name());
        ArrayNode datasets = root.putArray("datasets");
        for (DatasetPlan dataset : plan.datasets()) {
            ObjectNode node = datasets.addObject();
            node.put("source", dataset.source().name());
            node.put("target", dataset.target().name());
            node.put("action", dataset.action().name());
            node.put("reason", dataset.reason());
            if (dataset.encryption() != null) {
                ObjectNode encryption = node.putObject("encryption");
                encryption.put("cipher", dataset.encryption().cipher());
                encryption.put("root", dataset.encryption().root());
                encryption.put("keyStatus", dataset.encryption().keyStatus());
            }
            ArrayNode steps = node.putArray("steps");
            dataset.steps().forEach(step -> writeStep(steps.addObject(), step));
        }
        ArrayNode refused = root.putArray("refusedNames");
        for (RefusedName name : plan.refusedNames()) {
            ObjectNode node = refused.addObject();
            node.put("name", name.name());
            node.put("reason", name.reason());
            node.put("excluded", name.excluded());
        }
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new PlanException(e, "Cannot write the plan as JSON: %s", e.getMessage());
        }
    }

    /** Writes plan.json under a temporary name and renames it: no half-written plan is ever seen. */
    public static void write(ReplicationPlan plan, Path file) throws IOException {
        AtomicFile.write(file, write(plan));
    }

    /**
     * Reads {@code file} as {@link InputFile} does: a regular file of UTF-8 text of at most
     * {@link #MAX_BYTES}; each refusal is a {@link PlanException} of one line.
     */
    public static ReplicationPlan read(Path file) throws IOException {
        String json;
        try {
            json = InputFile.readText(file, "the plan", MAX_BYTES);
        } catch (InputFileException e) {
            throw new PlanException(e.getMessage());
        }
        return read(json, TerminalText.line(file.toString()));
    }

    /** @param origin names the source in messages, such as the file name */
    public static ReplicationPlan read(String json, String origin) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new PlanException("%s is not valid JSON: %s", origin, e.getOriginalMessage());
        }
        Reader reader = new Reader(origin);
        if (root == null || !root.isObject() || !KIND.equals(root.path("kind").asText())) {
            throw new PlanException("%s is not a zfs-replication plan (no \"kind\": \"%s\")", origin, KIND);
        }
        long format = reader.integer(root, "format");
        if (format != ReplicationPlan.FORMAT) {
            throw new PlanException("%s has plan format %d; this version reads format %d: make the plan again with "
                    + "this version", origin, format, ReplicationPlan.FORMAT);
        }
        List<DatasetPlan> datasets = new ArrayList<>();
        for (JsonNode node : reader.array(root, "datasets")) {
            List<SendStep> steps = new ArrayList<>();
            for (JsonNode step : reader.array(node, "steps")) {
                steps.add(reader.step(step));
            }
            datasets.add(reader.guard(() -> new DatasetPlan(reader.dataset(node, "source"), reader.dataset(node, "target"),
                    reader.enumValue(node, "action", DatasetAction.class), reader.text(node, "reason"), steps,
                    reader.encryption(node))));
        }
        List<RefusedName> refused = new ArrayList<>();
        for (JsonNode node : reader.array(root, "refusedNames")) {
            // text only: these names never reach a command
            refused.add(new RefusedName(reader.text(node, "name"), reader.text(node, "reason"),
                    node.has("excluded") && reader.bool(node, "excluded")));
        }
        List<DatasetName> sourceRoots = new ArrayList<>();
        for (JsonNode node : reader.array(root, "sourceRoots")) {
            sourceRoots.add(reader.guard(() -> DatasetName.of(reader.textValue(node, "sourceRoots[]"))));
        }
        return reader.guard(() -> new ReplicationPlan(reader.instant(root, "createdAt"), reader.text(root, "sourceHost"),
                reader.text(root, "targetHost"), sourceRoots, reader.dataset(root, "targetRoot"), datasets, refused));
    }

    private static void writeStep(ObjectNode node, SendStep step) {
        node.put("source", step.source().name());
        node.put("target", step.target().name());
        node.put("kind", step.kind().name());
        writeSnapshot(node, "from", step.from());
        writeSnapshot(node, "to", step.to());
        if (step.resumeToken() == null) {
            node.putNull("resumeToken");
        } else {
            node.put("resumeToken", step.resumeToken());
        }
        node.put("rollback", step.rollback());
        node.put("estimatedBytes", step.estimatedBytes());
    }

    private static void writeSnapshot(ObjectNode parent, String field, SnapshotRef snapshot) {
        if (snapshot == null) {
            parent.putNull(field);
            return;
        }
        ObjectNode node = parent.putObject(field);
        node.put("name", snapshot.name());
        node.put("guid", snapshot.guidText());
        node.put("createtxg", snapshot.createtxg());
        node.put("creation", snapshot.creation());
    }

    /** Reads fields, turning every kind of bad value into a message naming the file and field. */
    private record Reader(String origin) {
        SendStep step(JsonNode node) {
            return guard(() -> new SendStep(dataset(node, "source"), dataset(node, "target"),
                    enumValue(node, "kind", SendKind.class), snapshot(node, "from"), snapshot(node, "to"),
                    node.path("resumeToken").isNull() ? null : resumeToken(node),
                    bool(node, "rollback"), integer(node, "estimatedBytes")));
        }

        /** A dataset's "encryption", null when absent (not encrypted). */
        Encryption encryption(JsonNode node) {
            JsonNode value = node.path("encryption");
            if (value.isMissingNode() || value.isNull()) {
                return null;
            }
            return new Encryption(text(value, "cipher"), text(value, "root"), text(value, "keyStatus"));
        }

        String resumeToken(JsonNode node) {
            String token = text(node, "resumeToken");
            if (!token.matches("[0-9a-zA-Z-]{1,65536}")) {
                throw fail("field \"resumeToken\" is not a zfs resume token (letters, digits and '-')");
            }
            return token;
        }

        SnapshotRef snapshot(JsonNode parent, String field) {
            JsonNode node = parent.path(field);
            if (node.isNull()) {
                return null;
            }
            String guid = text(node, "guid");
            long value;
            try {
                value = Long.parseUnsignedLong(guid);
            } catch (NumberFormatException e) {
                throw fail("\"%s.guid\" is '%s', not an unsigned 64-bit number", field, guid);
            }
            if (value == 0) {
                // no snapshot has GUID 0, and a check that compares GUIDs must not be switched off by one
                throw fail("\"%s.guid\" is 0, which is no snapshot's GUID", field);
            }
            return new SnapshotRef(text(node, "name"), value, integer(node, "createtxg"), integer(node, "creation"));
        }

        DatasetName dataset(JsonNode node, String field) {
            return DatasetName.of(text(node, field));
        }

        String text(JsonNode node, String field) {
            return textValue(node.get(field), field);
        }

        String textValue(JsonNode value, String field) {
            if (value == null || !value.isTextual()) {
                throw fail("field \"%s\" is missing or not a string", field);
            }
            return value.asText();
        }

        long integer(JsonNode node, String field) {
            JsonNode value = node.get(field);
            if (value == null || !value.isIntegralNumber() || !value.canConvertToLong()) {
                throw fail("field \"%s\" is missing or not a whole number", field);
            }
            return value.longValue();
        }

        boolean bool(JsonNode node, String field) {
            JsonNode value = node.get(field);
            if (value == null || !value.isBoolean()) {
                throw fail("field \"%s\" is missing or not true/false", field);
            }
            return value.asBoolean();
        }

        Instant instant(JsonNode node, String field) {
            String text = text(node, field);
            try {
                return Instant.parse(text);
            } catch (DateTimeParseException e) {
                throw fail("field \"%s\" is '%s', not an ISO-8601 instant", field, text);
            }
        }

        <E extends Enum<E>> E enumValue(JsonNode node, String field, Class<E> type) {
            String text = text(node, field);
            try {
                return Enum.valueOf(type, text);
            } catch (IllegalArgumentException e) {
                throw fail("field \"%s\" is '%s', not one of %s", field, text, List.of(type.getEnumConstants()));
            }
        }

        Iterable<JsonNode> array(JsonNode node, String field) {
            JsonNode value = node.get(field);
            if (value == null || !value.isArray()) {
                throw fail("field \"%s\" is missing or not a list", field);
            }
            return value;
        }

        /** Runs a constructor; what it refuses (a name, a step, a target outside the root) is said with the file's name. */
        <T> T guard(java.util.function.Supplier<T> constructor) {
            try {
                return constructor.get();
            } catch (InvalidPlanException e) {
                throw e;
            } catch (ZfsException e) {
                throw fail("%s", e.getMessage());
            }
        }

        PlanException fail(String format, Object... args) {
            return new InvalidPlanException(String.format("%s is not a valid plan: %s", origin, String.format(format, args)));
        }
    }

    /** A refusal that already names the file: not wrapped again. */
    private static final class InvalidPlanException extends PlanException {
        private static final long serialVersionUID = 1L;

        InvalidPlanException(String message) {
            super("%s", message);
        }
    }
}
