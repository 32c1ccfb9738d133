package io.jenkins.plugins.zfsreplication.prune;

import io.jenkins.plugins.zfsreplication.text.TerminalText;

/**
 * A retention rule that does not parse. The message is one line, as every error is (a log or a
 * form shows it whole): the column of the bad token, the problem, and the rules quoted:
 * <pre>
 * Bad retention rule at column 18: unknown unit 'q'; units are s, m (minutes), h, d, w: 'grid: 1x1h | 24x1q'
 * </pre>
 * {@link #pointer()} is the rules with a caret under that column, for a place with room for two lines.
 */
public final class RetentionSyntaxException extends PruneException {
    private static final long serialVersionUID = 1L;

    private static final int EXCERPT = 60;
    private final int column;
    private final String pointer;

    RetentionSyntaxException(String spec, int offset, String format, Object... args) {
        super("Bad retention rule at column %d: %s: '%s'", offset + 1, String.format(format, args),
                TerminalText.line(excerpt(spec, offset)));
        this.column = offset + 1;
        this.pointer = String.format("%s%n%s^", spec.replace('\n', ' '), " ".repeat(Math.max(0, offset)));
    }

    /** Long rules (a grid of a thousand intervals) are quoted around the bad token only. */
    private static String excerpt(String spec, int offset) {
        if (spec.length() <= 2 * EXCERPT) {
            return spec;
        }
        int from = Math.max(0, Math.min(offset, spec.length()) - EXCERPT);
        int to = Math.min(spec.length(), from + 2 * EXCERPT);
        return (from > 0 ? "..." : "") + spec.substring(from, to) + (to < spec.length() ? "..." : "");
    }

    /** The rules as given, and under them a caret at the bad token. */
    public String pointer() {
        return pointer;
    }

    /** Where the bad token starts, counting from 1. */
    public int getColumn() {
        return column;
    }
}
