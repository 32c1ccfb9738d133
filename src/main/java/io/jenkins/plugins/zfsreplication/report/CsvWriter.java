package io.jenkins.plugins.zfsreplication.report;

import java.util.List;
import java.util.Locale;

/** Renders rows as RFC 4180 CSV with a header line; numbers are written with '.' whatever the locale. */
public final class CsvWriter {
    private CsvWriter() {
    }

    public static String render(List<String> header, List<List<Object>> rows) {
        StringBuilder out = new StringBuilder();
        appendRow(out, List.copyOf(header));
        for (List<Object> row : rows) {
            if (row.size() != header.size()) {
                throw new IllegalArgumentException("row has " + row.size() + " cells, header " + header.size());
            }
            appendRow(out, row);
        }
        return out.toString();
    }

    private static void appendRow(StringBuilder out, List<?> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(cell(cells.get(i)));
        }
        out.append("\r\n");
    }

    private static String cell(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double || value instanceof Float) {
            return String.format(Locale.ROOT, "%.3f", ((Number) value).doubleValue());
        }
        String text = value.toString();
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return "\"" + text.replace("\"", "\"\"") + "\"";
        }
        return text;
    }
}
