package io.jenkins.plugins.zfsreplication.metrics;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * One time series: a metric name and its labels (sorted, so that equal series compare equal and
 * print in one order). Names and label names are checked against the exposition format's grammar.
 */
record Series(String name, Map<String, String> labels) implements Comparable<Series> {
    private static final Pattern METRIC_NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

    Series {
        if (!METRIC_NAME.matcher(name).matches()) {
            throw new MetricsException("Invalid metric name '%s'", name);
        }
        TreeMap<String, String> sorted = new TreeMap<>(labels);
        for (Map.Entry<String, String> label : sorted.entrySet()) {
            if (!LABEL_NAME.matcher(label.getKey()).matches() || label.getKey().startsWith("__")) {
                throw new MetricsException("Invalid label name '%s' of %s", label.getKey(), name);
            }
        }
        labels = java.util.Collections.unmodifiableSortedMap(sorted);
    }

    String label(String label) {
        return labels.get(label);
    }

    /** {@code name{a="x",b="y"}} with label values escaped as the format wants (backslash, quote, newline). */
    String text() {
        if (labels.isEmpty()) {
            return name;
        }
        StringBuilder text = new StringBuilder(name).append('{');
        boolean first = true;
        for (Map.Entry<String, String> label : labels.entrySet()) {
            text.append(first ? "" : ",").append(label.getKey()).append("=\"");
            String value = label.getValue();
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                text.append(switch (c) {
                    case '\\' -> "\\\\";
                    case '"' -> "\\\"";
                    case '\n' -> "\\n";
                    default -> String.valueOf(c);
                });
            }
            text.append('"');
            first = false;
        }
        return text.append('}').toString();
    }

    @Override
    public int compareTo(Series other) {
        int byName = name.compareTo(other.name);
        return byName != 0 ? byName : text().compareTo(other.text());
    }
}
