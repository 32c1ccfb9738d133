package io.jenkins.plugins.zfsreplication.verify;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.jenkins.plugins.zfsreplication.report.CsvWriter;
import io.jenkins.plugins.zfsreplication.report.SvgChartWriter;
import io.jenkins.plugins.zfsreplication.report.TimeSeriesChart;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The artifacts of a run besides the manifest: verify-report.json, the throughput CSV and the
 * throughput chart (logical and read rates, with the stretches that were mostly holes shaded).
 */
public final class VerifyArtifacts {
    private static final double MIB = 1024.0 * 1024.0;
    // the fields read back (readVerdict): one name for the writer and the reader
    private static final String TOOL = "tool";
    private static final String CANCELLED = "cancelled";
    private static final String TOTALS = "totals";
    private static final String COMPARISON = "comparison";
    private static final String IDENTICAL = "identical";

    /** A verify report's verdict, as read back. */
    public enum ReportVerdict {
        /** Cut before its manifest was written. */
        CANCELLED,
        /** Hashed, compared with nothing. */
        HASHED,
        IDENTICAL,
        MISMATCH
    }

    private VerifyArtifacts() {
    }

    /** The verify-report.json document (format 1); {@code comparison} may be null. */
    public static String reportJson(VerifyResult result, String manifestName, CompareResult comparison) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("format", 1);
        root.put(TOOL, result.header().tool());
        root.put("target", result.target());
        root.put("manifest", manifestName);
        if (result.cancelled() != null) {
            root.put(CANCELLED, result.cancelled()); // only in the report of a cancelled run, which has no manifest
        }
        root.put("layout", result.header().layout().name().toLowerCase(java.util.Locale.ROOT));
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("hash", result.options().hash().id());
        parameters.put("blockSize", result.options().blockSize());
        parameters.put("count", result.options().count());
        parameters.put("chunkSize", result.options().chunkSize());
        parameters.put("sparse", result.options().sparse().id());
        parameters.put("threads", result.options().threads());
        root.put("parameters", parameters);
        root.put("hashImplementation", result.hashing().implementation().id());
        Map<String, Object> totals = new LinkedHashMap<>();
        totals.put("files", result.fileCount());
        totals.put("listedFiles", result.files().size());
        totals.put("chunks", result.chunks());
        totals.put("bytes", result.bytes());
        totals.put("readBytes", result.readBytes());
        totals.put("dataBytes", result.dataBytes());
        totals.put("holeBytes", result.holeBytes());
        totals.put("zeroChunks", result.zeroChunks());
        totals.put("skipped", result.skippedCount());
        totals.put("seconds", Math.round(result.seconds() * 1000) / 1000.0);
        root.put(TOTALS, totals);
        if (result.incremental() != null) {
            VerifyResult.Incremental incremental = result.incremental();
            Map<String, Object> since = new LinkedHashMap<>();
            since.put("since", incremental.since());
            since.put("reusedFiles", incremental.reusedFiles());
            since.put("reusedBytes", incremental.reusedBytes());
            since.put("reusedChunks", incremental.reusedChunks());
            since.put("fullBecause", incremental.fullBecause());
            root.put("incremental", since);
        }
        root.put("files", result.files().stream().map(VerifyArtifacts::fileJson).toList());
        root.put("skipped", result.skipped());
        root.put("log", result.log());
        if (comparison != null) {
            root.put(COMPARISON, comparisonJson(comparison));
        }
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writer()
                    .with(new SurrogateEscapes()).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new VerifyException(e, "Cannot render the verify report: %s", e.getMessage());
        }
    }

    /**
     * The verdict of a report {@link #reportJson} wrote; empty for a document that is not one (no
     * totals, or another tool's). A comparison without its verdict is a {@link VerifyException}.
     */
    public static Optional<ReportVerdict> readVerdict(JsonNode root) {
        if (!root.has(TOTALS) || !root.path(TOOL).asText("").startsWith("zfs-replication")) {
            return Optional.empty();
        }
        JsonNode comparison = root.get(COMPARISON);
        if (root.path(CANCELLED).isTextual()) {
            return Optional.of(ReportVerdict.CANCELLED);
        } else if (comparison == null || comparison.isNull()) {
            return Optional.of(ReportVerdict.HASHED);
        } else if (!comparison.path(IDENTICAL).isBoolean()) {
            throw new VerifyException("comparison without a verdict");
        }
        return Optional.of(comparison.path(IDENTICAL).asBoolean() ? ReportVerdict.IDENTICAL : ReportVerdict.MISMATCH);
    }

    /**
     * Surrogates as JSON's escapes (backslash, u, four hex digits): a file name's byte that is not
     * UTF-8 is a lone surrogate ({@link io.jenkins.plugins.zfsreplication.text.FileNames}), which
     * written as UTF-8 would become '?'; escaped it reads back as the same string (and in Python,
     * with os.fsencode, as the same bytes). A pair (an emoji) becomes two escapes, which JSON reads
     * as the one character.
     */
    private static final class SurrogateEscapes extends CharacterEscapes {
        private static final long serialVersionUID = 1L;

        @Override
        public int[] getEscapeCodesForAscii() {
            return standardAsciiEscapesForJSON();
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return Character.isSurrogate((char) ch)
                    ? new SerializedString(String.format(java.util.Locale.ROOT, "\\u%04x", ch)) : null;
        }
    }

    /** One file's stats, flat, in the order the report has always had. */
    private static Map<String, Object> fileJson(FileStats file) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("path", file.path());
        out.put("size", file.size());
        out.put("chunks", file.chunks());
        out.put("dataBytes", file.dataBytes());
        out.put("holeBytes", file.holeBytes());
        out.put("zeroChunks", file.zeroChunks());
        out.put("holeChunks", file.holes().chunks());
        out.put("seekCalls", file.holes().seekCalls());
        out.put("seekMicros", file.holes().seekMicros());
        out.put("reusedBytes", file.reusedBytes());
        out.put("reusedChunks", file.reusedChunks());
        return out;
    }

    private static Map<String, Object> comparisonJson(CompareResult comparison) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put(IDENTICAL, comparison.identical());
        out.put("summary", comparison.summary());
        Map<String, Long> counts = new LinkedHashMap<>();
        for (Difference.Kind kind : Difference.Kind.values()) {
            counts.put(kind.name().toLowerCase(java.util.Locale.ROOT), comparison.count(kind));
        }
        out.put("counts", counts);
        out.put("differences", comparison.listed().stream().map(Difference::describe).toList());
        return out;
    }

    /** seconds, cumulative byte counts and the rates of each interval, one row per sample. */
    public static String throughputCsv(List<ThroughputRecorder.Sample> samples) {
        List<List<Object>> rows = new ArrayList<>();
        ThroughputRecorder.Sample previous = null;
        for (ThroughputRecorder.Sample sample : samples) {
            double dt = previous == null ? 0 : sample.seconds() - previous.seconds();
            double logicalRate = dt > 0 ? (sample.logicalBytes() - previous.logicalBytes()) / dt / MIB : 0;
            double readRate = dt > 0 ? (sample.readBytes() - previous.readBytes()) / dt / MIB : 0;
            rows.add(List.of(sample.seconds(), sample.logicalBytes(), sample.readBytes(), sample.holeBytes(),
                    logicalRate, readRate));
            previous = sample;
        }
        return CsvWriter.render(List.of("seconds", "logical_bytes", "read_bytes", "hole_bytes",
                "logical_mib_per_s", "read_mib_per_s"), rows);
    }

    /** The chart: logical and read MiB/s over time, intervals that were mostly holes shaded. */
    public static String throughputSvg(List<ThroughputRecorder.Sample> samples, String title) {
        int n = Math.max(0, samples.size() - 1);
        double[] xs = new double[n];
        double[] logical = new double[n];
        double[] read = new double[n];
        List<TimeSeriesChart.Stretch> holes = new ArrayList<>();
        double holeStart = -1;
        for (int i = 1; i <= n; i++) {
            ThroughputRecorder.Sample a = samples.get(i - 1);
            ThroughputRecorder.Sample b = samples.get(i);
            double dt = Math.max(1e-9, b.seconds() - a.seconds());
            xs[i - 1] = b.seconds();
            logical[i - 1] = (b.logicalBytes() - a.logicalBytes()) / dt / MIB;
            read[i - 1] = (b.readBytes() - a.readBytes()) / dt / MIB;
            long logicalDelta = b.logicalBytes() - a.logicalBytes();
            boolean mostlyHoles = logicalDelta > 0 && (b.holeBytes() - a.holeBytes()) * 2 > logicalDelta;
            if (mostlyHoles && holeStart < 0) {
                holeStart = a.seconds();
            } else if (!mostlyHoles && holeStart >= 0) {
                holes.add(new TimeSeriesChart.Stretch(holeStart, a.seconds(), "mostly holes"));
                holeStart = -1;
            }
        }
        if (holeStart >= 0) {
            holes.add(new TimeSeriesChart.Stretch(holeStart, samples.get(n).seconds(), "mostly holes"));
        }
        return SvgChartWriter.render(new TimeSeriesChart(title, "seconds", "MiB/s",
                List.of(new TimeSeriesChart.Series("logical (hashed) MiB/s", xs, logical),
                        new TimeSeriesChart.Series("read from disk MiB/s", xs, read)), holes));
    }
}
