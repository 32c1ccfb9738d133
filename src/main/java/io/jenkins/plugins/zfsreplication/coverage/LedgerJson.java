package io.jenkins.plugins.zfsreplication.coverage;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * coverage-ledger.json (docs/formats.md): written field by field in a fixed order, so the same
 * ledger is the same bytes (the next night names it by SHA-256); read back strictly, every value
 * checked by the records it becomes.
 */
public final class LedgerJson {
    public static final String FILE_NAME = "coverage-ledger.json";
    static final String KIND = "zfs-replication-coverage-ledger";
    static final int FORMAT = 1;
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private LedgerJson() {
    }

    public static String write(Ledger ledger) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("kind", KIND);
        root.put("nights", ledger.nights());
        root.put("startedAt", ledger.startedAt().toString());
        root.put("startNote", ledger.startNote());
        if (ledger.previous() == null) {
            root.putNull("previous");
        } else {
            ObjectNode previous = root.putObject("previous");
            previous.put("sha256", ledger.previous().sha256());
            previous.put("at", ledger.previous().at().toString());
        }
        ArrayNode snapshots = root.putArray("snapshots");
        ledger.snapshots().forEach(snapshot -> writeSnapshot(snapshots.addObject(), snapshot));
        ArrayNode history = root.putArray("history");
        for (Ledger.NightSummary night : ledger.history()) {
            ObjectNode node = history.addObject();
            node.put("at", night.at().toString());
            node.put("checkedBytes", night.checkedBytes());
            node.put("budgetBytes", night.budgetBytes());
            node.put("workBytes", night.workBytes());
            node.put("arrivalBytes", night.arrivalBytes());
            node.put("totalBytes", night.after().totalBytes());
            node.put("matchedBytes", night.after().matchedBytes());
            node.put("oldest", text(night.after().oldest()));
            node.put("seconds", night.seconds());
        }
        ArrayNode drills = root.putArray("drills");
        for (Ledger.DrillEntry drill : ledger.drills()) {
            ObjectNode node = drills.addObject();
            node.put("at", drill.at().toString());
            node.put("dataset", drill.dataset());
            node.put("snapshot", drill.snapshot());
            node.put("guid", drill.guid());
            node.put("result", drill.result());
        }
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the ledger as JSON", e);
        }
    }

    private static void writeSnapshot(ObjectNode node, SnapshotCoverage snapshot) {
        node.put("dataset", snapshot.dataset());
        node.put("snapshot", snapshot.snapshot());
        node.put("guid", snapshot.guid());
        node.put("createtxg", snapshot.createtxg());
        node.put("firstSeen", snapshot.firstSeen().toString());
        if (snapshot.manifest() == null) {
            node.putNull("manifest");
        } else {
            ObjectNode manifest = node.putObject("manifest");
            manifest.put("path", snapshot.manifest().path());
            manifest.put("sha256", snapshot.manifest().sha256());
            manifest.put("sourceGuid", snapshot.manifest().sourceGuid());
            manifest.put("guidFrom", snapshot.manifest().guidFrom());
        }
        node.put("problem", snapshot.problem());
        node.put("chunks", snapshot.chunks());
        node.put("bytes", snapshot.bytes());
        node.put("base", snapshot.base());
        ArrayNode segments = node.putArray("segments");
        for (Segment segment : snapshot.segments()) {
            ObjectNode s = segments.addObject();
            s.put("from", segment.from());
            s.put("to", segment.to());
            s.put("bytes", segment.bytes());
            if (segment.inherited()) {
                s.put("inherits", segment.baseFrom());
                continue;
            }
            Reading own = segment.own();
            s.put("state", own.state().name().toLowerCase(java.util.Locale.ROOT));
            s.put("readAt", text(own.readAt()));
            s.put("matchedAt", text(own.matchedAt()));
            s.put("since", own.since().toString());
            s.put("detail", own.detail());
        }
    }

    private static String text(Instant instant) {
        return instant == null ? null : instant.toString();
    }

    /** Reads a ledger; anything that is not one this tool wrote is a {@link CoverageException} naming {@code where}. */
    public static Ledger read(byte[] json, String where) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (IOException e) {
            throw new CoverageException("%s is not JSON: %s", where, e.getMessage());
        }
        try {
            if (root == null || !KIND.equals(root.path("kind").asText()) || root.path("format").asInt() != FORMAT) {
                throw new CoverageException("%s is not a coverage ledger of format %d", where, FORMAT);
            }
            List<SnapshotCoverage> snapshots = new ArrayList<>();
            for (JsonNode node : array(root, "snapshots")) {
                snapshots.add(readSnapshot(node));
            }
            List<Ledger.NightSummary> history = new ArrayList<>();
            for (JsonNode night : array(root, "history")) {
                history.add(new Ledger.NightSummary(instant(night, "at"), number(night, "checkedBytes"),
                        number(night, "budgetBytes"), number(night, "workBytes"), number(night, "arrivalBytes"),
                        new Ledger.NightSummary.After(number(night, "totalBytes"), number(night, "matchedBytes"),
                                optionalInstant(night, "oldest")), night.path("seconds").asDouble()));
            }
            List<Ledger.DrillEntry> drills = new ArrayList<>();
            for (JsonNode drill : array(root, "drills")) {
                drills.add(new Ledger.DrillEntry(instant(drill, "at"), string(drill, "dataset"), string(drill, "snapshot"),
                        string(drill, "guid"), string(drill, "result")));
            }
            JsonNode previous = root.path("previous");
            Ledger.Link link = previous.isObject()
                    ? new Ledger.Link(string(previous, "sha256"), instant(previous, "at")) : null;
            return new Ledger((int) number(root, "nights"), instant(root, "startedAt"), optionalString(root, "startNote"),
                    link, snapshots, history, drills);
        } catch (IllegalArgumentException e) {
            throw new CoverageException("%s is damaged: %s", where, e.getMessage());
        }
    }

    private static SnapshotCoverage readSnapshot(JsonNode node) {
        JsonNode manifest = node.path("manifest");
        ManifestBinding binding = manifest.isObject() ? new ManifestBinding(string(manifest, "path"),
                string(manifest, "sha256"), optionalString(manifest, "sourceGuid"), string(manifest, "guidFrom")) : null;
        List<Segment> segments = new ArrayList<>();
        for (JsonNode s : array(node, "segments")) {
            long from = number(s, "from");
            long to = number(s, "to");
            long bytes = number(s, "bytes");
            if (s.has("inherits")) {
                segments.add(Segment.inherited(from, to, bytes, number(s, "inherits")));
                continue;
            }
            Reading.State state = Reading.State.valueOf(string(s, "state").toUpperCase(java.util.Locale.ROOT));
            segments.add(Segment.own(from, to, bytes, new Reading(state, optionalInstant(s, "readAt"),
                    optionalInstant(s, "matchedAt"), instant(s, "since"), optionalString(s, "detail"))));
        }
        return new SnapshotCoverage(new SnapshotCoverage.Identity(string(node, "dataset"), string(node, "snapshot"),
                string(node, "guid"), number(node, "createtxg")), instant(node, "firstSeen"), binding,
                optionalString(node, "problem"),
                number(node, "chunks"), number(node, "bytes"), optionalString(node, "base"), segments);
    }

    private static JsonNode array(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isArray()) {
            throw new IllegalArgumentException("\"" + field + "\" is not a list");
        }
        return value;
    }

    private static String string(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isTextual()) {
            throw new IllegalArgumentException("\"" + field + "\" is missing or not text");
        }
        return value.asText();
    }

    private static String optionalString(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isNull() || value.isMissingNode() ? null : string(node, field);
    }

    private static long number(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw new IllegalArgumentException("\"" + field + "\" is missing or not a whole number");
        }
        return value.asLong();
    }

    private static Instant instant(JsonNode node, String field) {
        try {
            return Instant.parse(string(node, field));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("\"" + field + "\" is not a time: " + e.getParsedString());
        }
    }

    private static Instant optionalInstant(JsonNode node, String field) {
        return optionalString(node, field) == null ? null : instant(node, field);
    }
}
