package io.jenkins.plugins.zfsreplication.prune;

/**
 * A retention rule that does not parse. The message quotes the rules and points at the bad token
 * with a caret, the way compilers do:
 * <pre>
 * Bad retention rule at column 12: unknown unit 'q' in '24x1q'; units are s, m (minutes), h, d, w
 *   grid: 1x1h | 24x1q
 *                ^
 * </pre>
 */
public final class RetentionSyntaxException extends PruneException {
    private static final long serialVersionUID = 1L;

    private final int column;

    RetentionSyntaxException(String spec, int offset, String format, Object... args) {
        super("Bad retention rule at column %d: %s%n  %s%n  %s^", offset + 1, String.format(format, args),
                spec.replace('\n', ' '), " ".repeat(Math.max(0, offset)));
        this.column = offset + 1;
    }

    /** Where the bad token starts, counting from 1. */
    public int getColumn() {
        return column;
    }
}
