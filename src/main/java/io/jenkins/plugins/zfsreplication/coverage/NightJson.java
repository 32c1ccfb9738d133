package io.jenkins.plugins.zfsreplication.coverage;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.zfsreplication.files.JsonFields;
import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import io.jenkins.plugins.zfsreplication.verify.CopyCheck;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** coverage-night.json (docs/formats.md), field by field in a fixed order. */
public final class NightJson {
    public static final String KIND = "zfs-replication-coverage-night";
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    // the fields read back (read): one name for the writer and the reader
    private static final String VERDICT = "verdict";
    private static final String READS = "reads";
    private static final String ADDED = "added";
    private static final String DATASET = "dataset";
    private static final String SNAPSHOT = "snapshot";
    private static final String GUID = "guid";

    private NightJson() {
    }

    public static String write(NightReport report) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", 1);
        root.put("kind", KIND);
        root.put("host", report.basis().host());
        root.put("root", report.basis().root());
        root.put("now", report.basis().now().toString());
        root.put("nights", report.basis().nights());
        root.put(VERDICT, report.verdict().label());
        root.put("summary", report.summary());
        ObjectNode budget = root.putObject("budget");
        budget.put("bytes", report.basis().budgetBytes() > 0 ? report.basis().budgetBytes() : null);
        budget.put("seconds", report.basis().budgetTime() == null ? null : report.basis().budgetTime().getSeconds());
        ObjectNode ledger = root.putObject("ledger");
        ledger.put("previousSha256", report.basis().previousSha256());
        ledger.put("startNote", report.basis().startNote());
        slice(root.putObject("slice"), report);
        ArrayNode reads = root.putArray(READS);
        report.slice().reads().forEach(read -> read(reads.addObject(), read));
        ArrayNode added = root.putArray(ADDED);
        for (NightReport.Added entry : report.changes().added()) {
            ObjectNode node = added.addObject();
            node.put(DATASET, entry.dataset());
            node.put(SNAPSHOT, entry.snapshot());
            node.put(GUID, entry.guid());
            node.put("base", entry.base());
            node.put("inheritedBytes", entry.inheritedBytes());
            node.put("toReadBytes", entry.toReadBytes());
            node.put("fullBecause", entry.fullBecause());
        }
        ArrayNode pruned = root.putArray("pruned");
        report.changes().pruned().forEach(pruned::add);
        root.put("findingCount", report.found().count());
        ArrayNode findings = root.putArray("findings");
        report.found().listed().forEach(finding -> finding(findings.addObject(), finding));
        coverage(root.putObject("coverage"), report.coverage());
        guarantee(root.putObject("guarantee"), report.guarantee());
        drill(root, report.drill());
        ArrayNode log = root.putArray("log");
        report.log().forEach(log::add);
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the night's report as JSON", e);
        }
    }

    /** coverage-night.json as read back: the night's verdict, the snapshots it read and those that arrived. */
    public record Recorded(String verdict, List<Named> reads, List<Named> added) {
    }

    /** A snapshot with its GUID, as the night names it. */
    public record Named(String dataset, String snapshot, String guid) {
    }

    /**
     * Reads back what {@link #write} writes of the verdict and the snapshots read and added; a field
     * missing or of another type is an {@link io.jenkins.plugins.zfsreplication.files.InputFileException}.
     */
    public static Recorded read(JsonNode root) {
        JsonFields.ofKind(root, KIND);
        return new Recorded(JsonFields.text(root, VERDICT), named(root, READS), named(root, ADDED));
    }

    private static List<Named> named(JsonNode root, String list) {
        List<Named> named = new ArrayList<>();
        for (JsonNode entry : JsonFields.array(root, list)) {
            named.add(new Named(JsonFields.text(entry, DATASET), JsonFields.nullableText(entry, SNAPSHOT),
                    JsonFields.nullableText(entry, GUID)));
        }
        return named;
    }

    private static void slice(ObjectNode node, NightReport report) {
        node.put("workBytes", report.slice().plan().workBytes());
        node.put("neverReadBytes", report.slice().plan().neverReadBytes());
        node.put("dueBytes", report.slice().plan().dueBytes());
        node.put("sliceBytes", report.slice().plan().sliceBytes());
        node.put("checkedBytes", report.slice().checkedBytes());
        node.put("readBytes", report.slice().readBytes());
        node.put("seconds", report.slice().seconds());
        node.put("stopped", report.slice().stopped());
        node.put("cancelled", report.slice().cancelled());
    }

    private static void read(ObjectNode node, NightReport.Read read) {
        node.put(DATASET, read.dataset());
        node.put(SNAPSHOT, read.snapshot());
        node.put(GUID, read.guid());
        node.put("checkedBytes", read.checkedBytes());
        node.put("readBytes", read.readBytes());
        ArrayNode runs = node.putArray("runs");
        for (CopyCheck.Run run : read.runs()) {
            ObjectNode r = runs.addObject();
            r.put("from", run.from());
            r.put("to", run.to());
            r.put("bytes", run.bytes());
            r.put("state", run.state().name().toLowerCase(Locale.ROOT));
        }
    }

    private static void finding(ObjectNode node, NightFinding finding) {
        node.put("dataset", finding.dataset());
        node.put("snapshot", finding.snapshot());
        node.put("guid", finding.guid());
        node.put("kind", finding.kind());
        node.put("path", finding.place().path());
        node.put("chunk", finding.place().chunk());
        node.put("offset", finding.place().offset());
        node.put("length", finding.place().length());
        node.put("detail", finding.detail());
        node.put("text", finding.describe());
    }

    private static void coverage(ObjectNode node, CoverageSummary coverage) {
        node.put("bytes", coverage.bytes());
        node.put("matchedBytes", coverage.matchedBytes());
        node.put("badBytes", coverage.badBytes());
        node.put("ratio", coverage.ratio());
        node.put("oldest", text(coverage.oldest()));
        node.put("ageSeconds", coverage.age().getSeconds());
        ArrayNode datasets = node.putArray("datasets");
        for (CoverageSummary.DatasetCoverage dataset : coverage.datasets()) {
            ObjectNode d = datasets.addObject();
            d.put("dataset", dataset.dataset());
            d.put("snapshots", dataset.snapshots());
            d.put("bytes", dataset.bytes());
            d.put("matchedBytes", dataset.matchedBytes());
            d.put("badBytes", dataset.badBytes());
            d.put("ratio", dataset.ratio());
            d.put("oldest", text(dataset.oldest()));
            d.put("ageSeconds", dataset.oldest() == null ? 0
                    : java.time.Duration.between(dataset.oldest(), coverage.now()).getSeconds());
        }
    }

    private static void guarantee(ObjectNode node, NightReport.Guarantee guarantee) {
        node.put("kept", guarantee.kept());
        node.put("keepableNights", guarantee.keepableNights());
        node.put("overdueBytes", guarantee.overdueBytes());
        node.put("arrivalEstimate", guarantee.arrivalEstimate());
        node.put("note", guarantee.note());
    }

    private static void drill(ObjectNode root, DrillRecord drill) {
        if (drill == null) {
            root.putNull("drill");
            return;
        }
        ObjectNode node = root.putObject("drill");
        node.put("dataset", drill.dataset());
        node.put("snapshot", drill.snapshot());
        node.put("guid", drill.guid());
        node.put("result", drill.result().label());
        node.put("bytes", drill.outcome().bytes());
        node.put("receiveSeconds", drill.outcome().receiveSeconds());
        node.put("scratchDestroyed", drill.outcome().scratchDestroyed());
    }

    private static String text(Instant instant) {
        return instant == null ? null : instant.toString();
    }
}
