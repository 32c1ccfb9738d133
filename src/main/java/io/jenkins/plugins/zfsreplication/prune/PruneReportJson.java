package io.jenkins.plugins.zfsreplication.prune;

import java.io.IOException;
import java.nio.file.Path;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jenkins.plugins.zfsreplication.plan.AtomicFile;

/** prune-report.json, field by field as docs/formats.md documents it. */
public final class PruneReportJson {
    static final String KIND = "zfs-replication-prune-report";
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private PruneReportJson() {
    }

    public static String write(PruneReport report) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", PruneReport.FORMAT);
        root.put("kind", KIND);
        root.put("now", report.now().toString());
        root.put("nowBasis", report.nowBasis());
        root.put("dryRun", report.dryRun());
        root.put("sourceHost", report.sourceHost());
        root.put("targetHost", report.targetHost());
        root.put("sourceRules", report.sourceRules());
        root.put("targetRules", report.targetRules());
        root.put("snapshotsNotSent", report.snapshotsNotSent());
        root.put("bytesNotSent", report.bytesNotSent());
        root.put("bytesNotSentBasis", report.bytesNotSentBasis());
        ArrayNode candidates = root.putArray("candidates");
        for (PruneDecision decision : report.decisions()) {
            ObjectNode node = candidates.addObject();
            node.put("side", decision.side());
            node.put("host", decision.host());
            node.put("dataset", decision.dataset());
            node.put("snapshot", decision.snapshot());
            node.put("guid", decision.guidText());
            node.put("time", decision.time().toString());
            node.put("decision", decision.decision().name());
            node.put("rule", decision.rule());
            node.put("destroyed", decision.destroyed());
        }
        ArrayNode errors = root.putArray("errors");
        report.errors().forEach(errors::add);
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new PruneException("Cannot write the prune report as JSON: %s", e.getMessage());
        }
    }

    /** Writes under a temporary name and renames: no half-written report is ever seen. */
    public static void write(PruneReport report, Path file) throws IOException {
        AtomicFile.write(file, write(report));
    }

    /** A few lines for people: counts per side and decision, and the destroys. */
    public static String summary(PruneReport report) {
        StringBuilder text = new StringBuilder();
        text.append(String.format("now: %s (%s)%n", report.now(), report.nowBasis()));
        for (String side : new String[] {"source", "target", "planned"}) {
            for (Decision decision : Decision.values()) {
                long count = report.decisions().stream().filter(d -> d.side().equals(side) && d.decision() == decision)
                        .count();
                if (count > 0) {
                    text.append(String.format("%-8s %-8s %d%n", side, decision, count));
                }
            }
        }
        text.append(String.format("not sent because of prune-before-send: %d snapshot(s), bytes %s%n",
                report.snapshotsNotSent(), report.bytesNotSent() < 0 ? "unknown (" + report.bytesNotSentBasis() + ")"
                        : String.valueOf(report.bytesNotSent())));
        for (PruneDecision decision : report.decisions()) {
            if (decision.decision() == Decision.DESTROY) {
                text.append(String.format("%s %s %s@%s (%s)%n", report.dryRun() ? "would destroy" : decision.destroyed()
                        ? "destroyed" : "NOT destroyed", decision.side(), decision.dataset(), decision.snapshot(),
                        decision.rule()));
            }
        }
        report.errors().forEach(error -> text.append("error: ").append(error).append('\n'));
        return text.toString();
    }
}
