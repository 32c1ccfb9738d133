package io.jenkins.plugins.zfsreplication.restore;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** restore-drill.json, format 1 (docs/formats.md). */
public final class DrillJson {
    static final String KIND = "zfs-replication-restore-drill";
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
        root.put("scratch", record.scratch());
        root.put("reference", record.reference());
        root.put("referenceSha256", record.referenceSha256());
        root.put("encrypted", record.encrypted());
        root.put("raw", record.raw());
        root.put("keyLoaded", record.keyLoaded());
        root.put("startedAt", record.startedAt().toString());
        root.put("finishedAt", record.finishedAt() == null ? null : record.finishedAt().toString());
        root.put("result", record.result());
        root.put("bytes", record.bytes());
        root.put("receiveSeconds", Math.round(record.receiveSeconds() * 1000) / 1000.0);
        root.put("verifySeconds", Math.round(record.verifySeconds() * 1000) / 1000.0);
        root.put("comparison", record.comparison());
        root.put("scratchDestroyed", record.scratchDestroyed());
        root.put("error", record.error());
        root.putArray("log").addAll(record.log().stream().map(MAPPER.getNodeFactory()::textNode).toList());
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of strings and numbers always renders", e);
        }
    }
}
