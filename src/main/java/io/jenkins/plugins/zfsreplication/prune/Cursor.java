package io.jenkins.plugins.zfsreplication.prune;

import java.util.Map;

/** Reads one rule's body token by token, keeping the offset into the whole spec for messages. */
final class Cursor {
    private final String spec;
    private final int end;
    private int position;

    Cursor(String spec, int start, int end) {
        this.spec = spec;
        this.position = start;
        this.end = end;
    }

    void skipSpaces() {
        while (position < end && (spec.charAt(position) == ' ' || spec.charAt(position) == '\t')) {
            position++;
        }
    }

    boolean atEnd() {
        skipSpaces();
        return position >= end;
    }

    int position() {
        return position;
    }

    boolean peek(char c) {
        skipSpaces();
        return position < end && spec.charAt(position) == c;
    }

    void expect(char c, String what) {
        if (!peek(c)) {
            throw error("expected '%s' %s, found %s", c, what, found());
        }
        position++;
    }

    /** A positive whole number (at most {@code max}). */
    long number(String what, long max) {
        skipSpaces();
        int start = position;
        while (position < end && Character.isDigit(spec.charAt(position))) {
            position++;
        }
        if (start == position) {
            throw error("expected a number (%s), found %s", what, found());
        }
        String digits = spec.substring(start, position);
        if (digits.length() > 12 || Long.parseLong(digits) > max || Long.parseLong(digits) < 1) {
            position = start;
            throw error("%s must be between 1 and %d, not %s", what, max, digits);
        }
        return Long.parseLong(digits);
    }

    /** A run of letters, which must be one of {@code units}; returns its length in seconds. */
    long unit(Map<String, Long> units, String help) {
        skipSpaces();
        int start = position;
        while (position < end && Character.isLetter(spec.charAt(position))) {
            position++;
        }
        String unit = spec.substring(start, position);
        Long seconds = units.get(unit);
        if (seconds == null) {
            position = start;
            throw error("%s; units are %s", unit.isEmpty() ? "a unit is missing after the number, found " + found()
                    : "unknown unit '" + unit + "'", help);
        }
        return seconds;
    }

    /** The letters at the cursor, without consuming them. */
    String word() {
        skipSpaces();
        int stop = position;
        while (stop < end && (Character.isLetter(spec.charAt(stop)) || spec.charAt(stop) == '=')) {
            stop++;
        }
        return spec.substring(position, stop);
    }

    void advance(int characters) {
        position += characters;
    }

    String found() {
        skipSpaces();
        return position >= end ? "the end of the rule" : "'" + spec.charAt(position) + "'";
    }

    RetentionSyntaxException error(String format, Object... args) {
        return new RetentionSyntaxException(spec, position, format, args);
    }
}
