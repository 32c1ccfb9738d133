package io.jenkins.plugins.zfsreplication.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.files.InputFileException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * audit.json, format 1: written with a fixed field order and two-space indentation, ending in one
 * newline, so the same record always gives the same bytes (the next build hashes them). Read back
 * with every field checked.
 */
public final class AuditJson {
    public static final int FORMAT = 1;
    static final String KIND = "zfs-replication-audit";
    /** Far above a real record (about 200 bytes per artifact): a bigger file is not one. */
    public static final long MAX_BYTES = 64L << 20;
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private AuditJson() {
    }

    public static byte[] write(AuditRecord record) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("kind", KIND);
        root.put("job", record.job());
        root.put("build", record.build());
        if (record.previous() == null) {
            root.putNull("previous");
        } else {
            ObjectNode previous = root.putObject("previous");
            previous.put("build", record.previous().build());
            previous.put("sha256", record.previous().sha256());
            if (record.previous().skipped() != null) {
                ArrayNode skipped = previous.putArray("skipped");
                record.previous().skipped().forEach(build -> {
                    ObjectNode node = skipped.addObject().put("build", build.build()).put("why", build.why().id());
                    if (!build.left().isEmpty()) {
                        ArrayNode left = node.putArray("left");
                        build.left().forEach(path -> left.addObject().put("path", path));
                    }
                });
            }
        }
        root.put("previousNote", record.previousNote());
        ArrayNode artifacts = root.putArray("artifacts");
        for (ArtifactHash artifact : record.artifacts()) {
            artifacts.addObject().put("path", artifact.path()).put("size", artifact.size()).put("sha256", artifact.sha256());
        }
        ArrayNode snapshots = root.putArray("snapshots");
        for (SnapshotGuid snapshot : record.snapshots()) {
            snapshots.addObject().put("dataset", snapshot.dataset()).put("snapshot", snapshot.snapshot())
                    .put("guid", snapshot.guid());
        }
        ArrayNode verdicts = root.putArray("verdicts");
        for (Verdict verdict : record.verdicts()) {
            verdicts.addObject().put("artifact", verdict.artifact()).put("verdict", verdict.verdict());
        }
        try {
            // Jackson's default pretty printer; its output is fixed for a given tree
            return (MAPPER.writeValueAsString(root) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new AuditException(e, "Cannot write the audit record as JSON: %s", e.getOriginalMessage());
        }
    }

    /** Reads a record; {@code origin} names the file in messages. */
    /** An audit.json as {@link InputFile} reads it: a regular file of at most {@link #MAX_BYTES}. */
    public static byte[] readFile(java.nio.file.Path file) {
        try {
            return InputFile.readBytes(file, "the audit record", MAX_BYTES);
        } catch (InputFileException e) {
            throw new AuditException("%s", e.getMessage());
        }
    }

    public static AuditRecord read(byte[] json, String origin) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (IOException e) {
            throw new AuditException("%s is not valid JSON", origin);
        }
        if (root == null || !root.isObject() || !KIND.equals(root.path("kind").asText(null))) {
            throw new AuditException("%s is not a zfs-replication audit record (no \"kind\": \"%s\")", origin, KIND);
        }
        Fields fields = new Fields(origin);
        long format = fields.number(root, "format");
        if (format != FORMAT) {
            throw new AuditException("%s has audit format %d; this version reads format %d", origin, format, FORMAT);
        }
        try {
            JsonNode previousNode = root.get("previous");
            ChainLink previous = null;
            if (previousNode == null || !(previousNode.isNull() || previousNode.isObject())) {
                throw new AuditException("%s: field \"previous\" is missing or neither null nor an object", origin);
            }
            if (previousNode.isObject()) {
                List<SkippedBuild> skipped = previousNode.has("skipped") ? fields.list(previousNode, "skipped",
                        node -> new SkippedBuild(fields.number(node, "build"), SkippedBuild.Why.of(fields.text(node, "why")),
                                node.has("left") ? fields.list(node, "left", file -> fields.text(file, "path")) : List.of()))
                        : null;
                previous = new ChainLink(fields.number(previousNode, "build"), fields.optionalText(previousNode, "sha256"),
                        skipped);
            }
            return new AuditRecord(fields.text(root, "job"), fields.number(root, "build"), previous,
                    fields.optionalText(root, "previousNote"),
                    fields.list(root, "artifacts", node -> new ArtifactHash(fields.text(node, "path"),
                            fields.number(node, "size"), fields.text(node, "sha256"))),
                    fields.list(root, "snapshots", node -> new SnapshotGuid(fields.text(node, "dataset"),
                            fields.text(node, "snapshot"), fields.text(node, "guid"))),
                    fields.list(root, "verdicts", node -> new Verdict(fields.text(node, "artifact"),
                            fields.text(node, "verdict"))));
        } catch (AuditException e) {
            if (e.getMessage().startsWith(origin)) {
                throw e;
            }
            throw new AuditException(e, "%s: %s", origin, e.getMessage());
        }
    }

    private record Fields(String origin) {
        String text(JsonNode node, String field) {
            JsonNode value = node.get(field);
            if (value == null || !value.isTextual()) {
                throw new AuditException("%s: field \"%s\" is missing or not a string", origin, field);
            }
            return value.asText();
        }

        String optionalText(JsonNode node, String field) {
            JsonNode value = node.get(field);
            if (value == null || !(value.isNull() || value.isTextual())) {
                throw new AuditException("%s: field \"%s\" is missing or neither null nor a string", origin, field);
            }
            return value.isNull() ? null : value.asText();
        }

        long number(JsonNode node, String field) {
            JsonNode value = node.get(field);
            if (value == null || !value.canConvertToExactIntegral() || !value.canConvertToLong()) {
                throw new AuditException("%s: field \"%s\" is missing or not a whole number", origin, field);
            }
            return value.asLong();
        }

        <T> List<T> list(JsonNode node, String field, Function<JsonNode, T> item) {
            JsonNode value = node.get(field);
            if (value == null || !value.isArray()) {
                throw new AuditException("%s: field \"%s\" is missing or not a list", origin, field);
            }
            List<T> items = new ArrayList<>();
            for (JsonNode element : value) {
                if (!element.isObject()) {
                    throw new AuditException("%s: an element of \"%s\" is not an object", origin, field);
                }
                items.add(item.apply(element));
            }
            return items;
        }
    }
}
