package io.jenkins.plugins.zfsreplication.metrics;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.files.InputFileException;

/**
 * A metrics file for node_exporter's textfile collector ({@code --collector.textfile.directory}):
 * the Prometheus text exposition format, written under a temporary name and renamed, so the
 * collector never reads half a file. Each run merges into what the file held: counters add up
 * across runs (so {@code rate()} and {@code increase()} mean what they say), the gauges of the
 * run's command are replaced by this run's, those of other commands kept, and the last success
 * time survives a failed run. A file that this project did not write is never overwritten.
 */
public final class MetricsFile {
    /** The first line of every file written here: what marks it as ours. */
    private static final long MAX_BYTES = 16L << 20;
    static final String MARKER = "# zfs-replication metrics: counters add up across runs; delete this file to reset them";

    private MetricsFile() {
    }

    /** Merges {@code run} into {@code file} (created when absent) and replaces it atomically. */
    public static void write(Path file, RunMetrics run) throws IOException {
        String previous = Files.exists(file) ? read(file) : null;
        String merged = merge(previous, run, file.toString());
        AtomicFile.write(file, merged);
    }

    /** Checks, before a run does anything, that {@code file} may be written: absent, or ours and readable. */
    public static void checkWritable(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new MetricsException("The metrics file %s is a directory: name a file, e.g. %s", file,
                    file.resolve("zfs-replication.prom"));
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new MetricsException("The metrics file's directory %s does not exist", parent);
        }
        if (Files.exists(file)) {
            Parsed.of(read(file), file.toString());
        }
    }

    /** A textfile collector's file is small; a FIFO or device named here is refused, not waited on. */
    private static String read(Path file) {
        try {
            return InputFile.readText(file, "the metrics file", MAX_BYTES);
        } catch (InputFileException e) {
            throw new MetricsException("%s", e.getMessage());
        }
    }

    static String merge(String previous, RunMetrics run, String where) {
        Parsed old = previous == null ? new Parsed(new TreeMap<>(), new TreeMap<>()) : Parsed.of(previous, where);
        Map<String, RunMetrics.Family> families = new TreeMap<>(old.families);
        families.putAll(run.families());
        SortedMap<Series, Double> values = new TreeMap<>();
        old.values.forEach((series, value) -> {
            RunMetrics.Family family = families.get(series.name());
            boolean ours = run.command().equals(series.label("command"));
            boolean keep = family.type() == RunMetrics.Type.COUNTER || !ours
                    || (series.name().equals(RunMetrics.LAST_SUCCESS) && !run.succeeded());
            if (keep) {
                values.put(series, value);
            }
        });
        run.values().forEach((series, value) -> {
            RunMetrics.Family family = families.get(series.name());
            values.merge(series, value, family.type() == RunMetrics.Type.COUNTER ? Double::sum : (a, b) -> b);
        });
        StringBuilder text = new StringBuilder(MARKER).append('\n');
        String current = null;
        for (Map.Entry<Series, Double> entry : values.entrySet()) {
            String name = entry.getKey().name();
            if (!name.equals(current)) {
                RunMetrics.Family family = families.get(name);
                text.append("# HELP ").append(name).append(' ').append(escapeHelp(family.help())).append('\n');
                text.append("# TYPE ").append(name).append(' ').append(family.type().text()).append('\n');
                current = name;
            }
            text.append(entry.getKey().text()).append(' ').append(number(entry.getValue())).append('\n');
        }
        return text.toString();
    }

    static String number(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "+Inf" : "-Inf";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return Double.toString(value);
    }

    private static String escapeHelp(String help) {
        return help.replace("\\", "\\\\").replace("\n", "\\n");
    }

    /** What an earlier run wrote, read back strictly: only the lines this class writes. */
    private record Parsed(Map<String, RunMetrics.Family> families, SortedMap<Series, Double> values) {
        static Parsed of(String text, String where) {
            if (!text.startsWith(MARKER + "\n")) {
                throw new MetricsException("%s exists and was not written by zfs-replication (its first line is not"
                        + " '%s'): not overwritten; name another file", where, MARKER);
            }
            Map<String, String> helps = new LinkedHashMap<>();
            Map<String, RunMetrics.Family> families = new TreeMap<>();
            SortedMap<Series, Double> values = new TreeMap<>();
            String[] lines = text.split("\n");
            for (int i = 1; i < lines.length; i++) {
                String line = lines[i];
                try {
                    if (line.startsWith("# HELP ")) {
                        int space = line.indexOf(' ', 7);
                        helps.put(line.substring(7, space), line.substring(space + 1).replace("\\n", "\n")
                                .replace("\\\\", "\\"));
                    } else if (line.startsWith("# TYPE ")) {
                        String[] parts = line.substring(7).split(" ");
                        RunMetrics.Type type = RunMetrics.Type.valueOf(parts[1].toUpperCase(java.util.Locale.ROOT));
                        families.put(parts[0], new RunMetrics.Family(parts[0], type, helps.getOrDefault(parts[0], "")));
                    } else if (!line.startsWith("#") && !line.isEmpty()) {
                        int valueAt = line.lastIndexOf(' ');
                        Series series = series(line.substring(0, valueAt));
                        if (!families.containsKey(series.name())) {
                            throw new MetricsException("no TYPE line before it");
                        }
                        values.put(series, Double.parseDouble(line.substring(valueAt + 1)));
                    }
                } catch (RuntimeException e) {
                    throw new MetricsException("%s, line %d, cannot be read back (%s): not overwritten; delete the"
                            + " file to start anew", where, i + 1, e.getMessage());
                }
            }
            return new Parsed(families, values);
        }

        private static Series series(String text) {
            int brace = text.indexOf('{');
            if (brace < 0) {
                return new Series(text, Map.of());
            }
            if (!text.endsWith("}")) {
                throw new MetricsException("unterminated labels");
            }
            Map<String, String> labels = new LinkedHashMap<>();
            int i = brace + 1;
            int end = text.length() - 1;
            while (i < end) {
                int equals = text.indexOf("=\"", i);
                if (equals < 0) {
                    throw new MetricsException("a label without =\"");
                }
                String name = text.substring(i, equals);
                StringBuilder value = new StringBuilder();
                int j = equals + 2;
                while (j < end && text.charAt(j) != '"') {
                    char c = text.charAt(j);
                    if (c == '\\' && j + 1 < end) {
                        char next = text.charAt(++j);
                        value.append(next == 'n' ? '\n' : next);
                    } else {
                        value.append(c);
                    }
                    j++;
                }
                if (j >= end) {
                    throw new MetricsException("an unterminated label value");
                }
                labels.put(name, value.toString());
                i = j + 1;
                if (i < end && text.charAt(i) == ',') {
                    i++;
                }
            }
            return new Series(text.substring(0, brace), labels);
        }
    }
}
