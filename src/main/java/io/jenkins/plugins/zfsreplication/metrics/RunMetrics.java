package io.jenkins.plugins.zfsreplication.metrics;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The metrics of one run of one command (plan, prune, run, verify, check), collected while the
 * report is read and then merged into the metrics file ({@link MetricsFile}). Every series has the
 * label {@code command}, so that runs of different commands can share a file. Counters
 * ({@code _total}) are this run's increments; gauges are this run's values.
 */
public final class RunMetrics {
    static final String PREFIX = "zfs_replication_";
    static final String LAST_SUCCESS = PREFIX + "last_success_timestamp_seconds";

    /** The two metric types this project writes. */
    enum Type {
        COUNTER, GAUGE;

        String text() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    record Family(String name, Type type, String help) {
    }

    private final String command;
    private final Map<String, Family> families = new TreeMap<>();
    private final SortedMap<Series, Double> values = new TreeMap<>();
    private boolean succeeded;

    public RunMetrics(String command) {
        this.command = command;
    }

    public String command() {
        return command;
    }

    /** Adds {@code increment} to a counter; {@code name} is without the prefix and ends in {@code _total}. */
    public RunMetrics count(String name, String help, Map<String, String> labels, double increment) {
        if (!name.endsWith("_total")) {
            throw new MetricsException("Counter %s%s must end in _total", PREFIX, name);
        }
        Series series = series(name, Type.COUNTER, help, labels);
        values.merge(series, increment, Double::sum);
        return this;
    }

    /** Sets a gauge; {@code name} is without the prefix. */
    public RunMetrics gauge(String name, String help, Map<String, String> labels, double value) {
        values.put(series(name, Type.GAUGE, help, labels), value);
        return this;
    }

    /** The series every run writes: when it ran, how long, whether it succeeded, and the run counter. */
    public RunMetrics finish(Instant started, Instant finished, boolean success) {
        this.succeeded = success;
        count("runs_total", "Runs of this command, by result.", Map.of("result", success ? "success" : "failure"), 1);
        gauge("last_run_timestamp_seconds", "When the last run of this command finished.", Map.of(),
                finished.getEpochSecond());
        gauge("last_run_duration_seconds", "How long the last run of this command took.", Map.of(),
                Duration.between(started, finished).toMillis() / 1000.0);
        gauge("last_run_success", "1 when the last run of this command succeeded, else 0.", Map.of(), success ? 1 : 0);
        if (success) {
            gauge("last_success_timestamp_seconds", "When a run of this command last succeeded (kept across failed"
                    + " runs).", Map.of(), finished.getEpochSecond());
        }
        return this;
    }

    boolean succeeded() {
        return succeeded;
    }

    Map<String, Family> families() {
        return Collections.unmodifiableMap(families);
    }

    SortedMap<Series, Double> values() {
        return Collections.unmodifiableSortedMap(values);
    }

    /** Labels in the order given, for the callers' one-liners: {@code labels("dataset", d, "kind", k)}. */
    public static Map<String, String> labels(String... namesAndValues) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
            labels.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return labels;
    }

    private Series series(String name, Type type, String help, Map<String, String> labels) {
        String full = PREFIX + name;
        Family family = families.computeIfAbsent(full, n -> new Family(n, type, help));
        if (family.type() != type) {
            throw new MetricsException("%s is a %s, not a %s", full, family.type().text(), type.text());
        }
        Map<String, String> withCommand = new TreeMap<>(labels);
        withCommand.put("command", command);
        return new Series(full, withCommand);
    }
}
