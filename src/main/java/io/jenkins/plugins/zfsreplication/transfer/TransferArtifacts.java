package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import io.jenkins.plugins.zfsreplication.files.JsonFields;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.report.CsvWriter;
import io.jenkins.plugins.zfsreplication.report.SvgChartWriter;
import io.jenkins.plugins.zfsreplication.report.TimeSeriesChart;

/**
 * Writes a run's artifacts (docs/formats.md): transfer.json, throughput.csv and throughput.svg.
 * Each is written under a temporary name and renamed, so no half-written artifact is ever seen.
 */
public final class TransferArtifacts {
    public static final String TRANSFER_JSON = "transfer.json";
    public static final String THROUGHPUT_CSV = "throughput.csv";
    public static final String THROUGHPUT_SVG = "throughput.svg";
    /** The version of transfer.json this code writes. */
    public static final int FORMAT = 1;
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    public static final String KIND = "zfs-replication-transfer";
    // the fields read back (read): one name for the writer and the reader
    private static final String RESULT = "result";
    private static final String STEPS = "steps";
    private static final String DATASET = "dataset";
    private static final String TARGET = "target";
    private static final String FROM = "from";
    private static final String FROM_GUID = "fromGuid";
    private static final String TO = "to";
    private static final String TO_GUID = "toGuid";

    private TransferArtifacts() {
    }

    /** Writes the three files into {@code directory} (created if missing); returns their paths. */
    public static List<Path> write(TransferReport report, Path directory) throws IOException {
        Files.createDirectories(directory);
        List<Path> written = new ArrayList<>();
        written.add(writeAtomically(directory.resolve(TRANSFER_JSON), json(report)));
        written.add(writeAtomically(directory.resolve(THROUGHPUT_CSV), csv(report)));
        written.add(writeAtomically(directory.resolve(THROUGHPUT_SVG), SvgChartWriter.render(chart(report))));
        return written;
    }

    public static String json(TransferReport report) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("kind", KIND);
        root.put("startedAt", report.startedAt().toString());
        root.put("finishedAt", report.finishedAt().toString());
        root.put("transport", report.transport());
        root.put("concurrency", report.concurrency());
        root.put(RESULT, report.succeeded() ? "ok" : report.cancelled() ? "cancelled" : "failed");
        root.put("bytes", report.totalBytes());
        report.droppedOptions().forEach(root.putArray("droppedOptions")::add);
        ArrayNode steps = root.putArray(STEPS);
        for (StepResult result : report.steps()) {
            SendStep step = result.step();
            ObjectNode node = steps.addObject();
            node.put(DATASET, step.source().name());
            node.put(TARGET, step.target().name());
            node.put("kind", step.kind().name());
            node.put(FROM, step.from() == null ? null : step.from().name());
            node.put(FROM_GUID, step.from() == null ? null : step.from().guidText());
            node.put(TO, step.to().name());
            node.put(TO_GUID, step.to().guidText());
            ArrayNode options = node.putArray("options");
            result.options().forEach(options::add);
            StepResult.Measured measured = result.measured();
            node.put("bytes", measured.bytes());
            node.put("seconds", Math.round(measured.seconds() * 1000) / 1000.0);
            node.put("startedAt", measured.startedAt() == null ? null : measured.startedAt().toString());
            node.put("result", result.outcome().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
            node.put("error", result.message());
            ArrayNode checks = node.putArray("checks");
            result.checks().forEach(checks::add);
            node.put("attempts", result.retried().size() + (measured.startedAt() == null ? 0 : 1));
            ArrayNode retried = node.putArray("retried");
            for (StepResult.Attempt attempt : result.retried()) {
                ObjectNode entry = retried.addObject();
                entry.put("startedAt", attempt.startedAt() == null ? null : attempt.startedAt().toString());
                entry.put("seconds", Math.round(attempt.seconds() * 1000) / 1000.0);
                entry.put("bytes", attempt.bytes());
                entry.put("error", attempt.error());
                entry.put("transient", attempt.reason());
                entry.put("waitSeconds", attempt.waited().toSeconds());
                attempt.checks().forEach(entry.putArray("checks")::add);
            }
        }
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new TransferException(e, "Cannot write transfer.json: %s", e.getMessage());
        }
    }

    /** transfer.json as read back: the run's result and what each step sent. */
    public record Recorded(String result, List<Sent> steps) {
    }

    /** A step's source dataset, its copy, and the snapshots sent; {@code from} and its GUID null for a full send. */
    public record Sent(String dataset, String target, String from, String fromGuid, String to, String toGuid) {
    }

    /**
     * Reads back what {@link #json} writes of the run's result and its steps' snapshots; a field
     * missing or of another type is an {@link io.jenkins.plugins.zfsreplication.files.InputFileException}.
     */
    public static Recorded read(JsonNode root) {
        JsonFields.ofKind(root, KIND);
        List<Sent> steps = new ArrayList<>();
        for (JsonNode step : JsonFields.array(root, STEPS)) {
            steps.add(new Sent(JsonFields.text(step, DATASET), JsonFields.text(step, TARGET),
                    JsonFields.nullableText(step, FROM), JsonFields.nullableText(step, FROM_GUID),
                    JsonFields.text(step, TO), JsonFields.text(step, TO_GUID)));
        }
        return new Recorded(JsonFields.text(root, RESULT), steps);
    }

    public static String csv(TransferReport report) {
        List<List<Object>> rows = new ArrayList<>();
        for (ThroughputLog.Sample sample : report.samples()) {
            rows.add(List.of(sample.time().toString(), sample.seconds(), sample.dataset(), sample.bytes(),
                    sample.bytesPerSecond()));
        }
        return CsvWriter.render(List.of("time", "seconds", "dataset", "bytes", "bytes_per_second"), rows);
    }

    /** Total and per-dataset MiB/s over seconds since the start. */
    public static TimeSeriesChart chart(TransferReport report) {
        Map<String, List<ThroughputLog.Sample>> byDataset = new LinkedHashMap<>();
        byDataset.put(ThroughputLog.TOTAL, new ArrayList<>());
        report.samples().forEach(s -> byDataset.computeIfAbsent(s.dataset(), k -> new ArrayList<>()).add(s));
        List<TimeSeriesChart.Series> series = new ArrayList<>();
        byDataset.forEach((name, samples) -> {
            double[] xs = samples.stream().mapToDouble(ThroughputLog.Sample::seconds).toArray();
            double[] ys = samples.stream().mapToDouble(s -> s.bytesPerSecond() / (1 << 20)).toArray();
            series.add(new TimeSeriesChart.Series(name, xs, ys));
        });
        return new TimeSeriesChart(String.format("zfs send/recv over %s, %d at once", report.transport(),
                report.concurrency()), "seconds", "MiB/s", series, List.of());
    }

    private static Path writeAtomically(Path file, String content) throws IOException {
        AtomicFile.write(file, content);
        return file;
    }
}
