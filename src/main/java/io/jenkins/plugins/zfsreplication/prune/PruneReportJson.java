package io.jenkins.plugins.zfsreplication.prune;

import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import io.jenkins.plugins.zfsreplication.files.JsonFields;

/** prune-report.json, field by field as docs/formats.md documents it. */
public final class PruneReportJson {
    public static final String KIND = "zfs-replication-prune-report";
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    // the fields read back (read): one name for the writer and the reader
    private static final String DRY_RUN = "dryRun";
    private static final String CANDIDATES = "candidates";
    private static final String DATASET = "dataset";
    private static final String SNAPSHOT = "snapshot";
    private static final String GUID = "guid";
    private static final String ERRORS = "errors";

    private PruneReportJson() {
    }

    public static String write(PruneReport report) {
        StringWriter text = new StringWriter();
        try {
            write(report, text);
        } catch (IOException e) {
            throw new PruneException("Cannot write the prune report as JSON: %s", e.getMessage());
        }
        return text.toString();
    }

    /** Writes under a temporary name and renames: no half-written report is ever seen. */
    public static void write(PruneReport report, Path file) throws IOException {
        AtomicFile.write(file, out -> write(report, out));
    }

    /**
     * Streams the report: one candidate at a time, as the report makes them (a run with ten million
     * snapshots has twenty million candidates; a JSON tree of them would need gigabytes).
     */
    private static void write(PruneReport report, Writer out) throws IOException {
        try (JsonGenerator json = MAPPER.writer().createGenerator(out)) {
            json.writeStartObject();
            json.writeNumberField("format", PruneReport.FORMAT);
            json.writeStringField("kind", KIND);
            json.writeStringField("now", report.now().toString());
            json.writeStringField("nowBasis", report.when().basis());
            json.writeObjectFieldStart("clock");
            json.writeStringField("verdict", report.when().clock().verdict().name());
            json.writeStringField("witness", report.when().clock().witness() == null ? null : report.when().clock().witness().toString());
            json.writeStringField("basis", report.when().clock().basis().name());
            if (report.when().clock().host() != null) {
                json.writeStringField("host", report.when().clock().host());
            }
            json.writeStringField("text", report.when().clock().text());
            json.writeEndObject();
            json.writeBooleanField(DRY_RUN, report.dryRun());
            json.writeStringField("sourceHost", report.sides().sourceHost());
            json.writeStringField("targetHost", report.sides().targetHost());
            json.writeStringField("sourceRules", report.sides().sourceRules());
            json.writeStringField("targetRules", report.sides().targetRules());
            json.writeArrayFieldStart("retention");
            for (EffectiveRule rule : report.retention()) {
                json.writeStartObject();
                json.writeStringField("dataset", rule.dataset());
                json.writeStringField("targetDataset", rule.targetDataset());
                json.writeStringField("side", rule.side());
                json.writeStringField("rules", rule.rules());
                json.writeStringField("origin", rule.origin().jsonName());
                if (rule.origin() == EffectiveRule.Origin.PROPERTY) {
                    json.writeStringField("property", rule.property());
                    json.writeStringField("setOn", rule.setOn());
                }
                if (rule.ignored() != null) {
                    json.writeStringField("ignored", rule.ignored());
                }
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeNumberField("snapshotsNotSent", report.notSent().snapshots());
            json.writeNumberField("bytesNotSent", report.notSent().bytes());
            json.writeStringField("bytesNotSentBasis", report.notSent().basis());
            json.writeArrayFieldStart(CANDIDATES);
            for (PruneDecision decision : report.decisions()) {
                json.writeStartObject();
                json.writeStringField("side", decision.side().label());
                json.writeStringField("host", decision.host());
                json.writeStringField(DATASET, decision.dataset());
                json.writeStringField(SNAPSHOT, decision.snapshot());
                json.writeStringField(GUID, decision.guidText());
                json.writeStringField("time", decision.time().toString());
                json.writeStringField("decision", decision.verdict().decision().name());
                json.writeStringField("rule", decision.verdict().rule());
                json.writeBooleanField("destroyed", decision.verdict().destroyed());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart(ERRORS);
            for (String error : report.errors()) {
                json.writeString(error);
            }
            json.writeEndArray();
            json.writeEndObject();
            json.writeRaw('\n'); // before the close: closing the generator closes the writer
        }
    }

    /** prune-report.json as read back: whether it was a dry run, how many errors, the candidates' snapshots. */
    public record Recorded(boolean dryRun, int errors, List<Candidate> candidates) {
    }

    /** A candidate snapshot with its GUID. */
    public record Candidate(String dataset, String snapshot, String guid) {
    }

    /**
     * Reads back what {@link #write(PruneReport)} writes of the dry run, the errors and the
     * candidates' snapshots; a field missing or of another type is an
     * {@link io.jenkins.plugins.zfsreplication.files.InputFileException}.
     */
    public static Recorded read(JsonNode root) {
        JsonFields.ofKind(root, KIND);
        List<Candidate> candidates = new ArrayList<>();
        for (JsonNode candidate : JsonFields.array(root, CANDIDATES)) {
            candidates.add(new Candidate(JsonFields.text(candidate, DATASET), JsonFields.text(candidate, SNAPSHOT),
                    JsonFields.text(candidate, GUID)));
        }
        return new Recorded(JsonFields.bool(root, DRY_RUN), JsonFields.array(root, ERRORS).size(), candidates);
    }

    /** A few lines for people: counts per side and decision, and the destroys. */
    public static String summary(PruneReport report) {
        StringBuilder text = new StringBuilder();
        text.append(String.format("now: %s (%s)%n", report.now(), report.when().basis()));
        text.append(String.format("clock: %s%n", report.when().clock().text()));
        CandidateSide[] sides = CandidateSide.values();
        long[][] counts = new long[sides.length][Decision.values().length];
        for (PruneDecision decision : report.decisions()) { // one pass: a big run has millions
            counts[decision.side().ordinal()][decision.verdict().decision().ordinal()]++;
        }
        for (int side = 0; side < sides.length; side++) {
            for (Decision decision : Decision.values()) {
                long count = counts[side][decision.ordinal()];
                if (count > 0) {
                    text.append(String.format("%-8s %-8s %d%n", sides[side].label(), decision, count));
                }
            }
        }
        text.append(String.format("not sent because of prune-before-send: %d snapshot(s), bytes %s%n",
                report.notSent().snapshots(), report.notSent().bytes() < 0 ? "unknown (" + report.notSent().basis() + ")"
                        : String.valueOf(report.notSent().bytes())));
        for (PruneDecision decision : report.decisions()) {
            PruneDecision.Verdict verdict = decision.verdict();
            if (verdict.decision() == Decision.DESTROY) {
                text.append(String.format("%s %s %s (%s)%n", report.dryRun() ? "would destroy" : verdict.destroyed()
                        ? "destroyed" : "NOT destroyed", decision.side().label(),
                        decision.side().objectName(decision.dataset(), decision.snapshot()), verdict.rule()));
            }
        }
        report.errors().forEach(error -> text.append("error: ").append(error).append('\n'));
        return text.toString();
    }
}
