package io.jenkins.plugins.zfsreplication.zfs;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Parses one block of zfs output (whole lines; in the get form whole objects) from its UTF-8
 * bytes. Fields are regions [start, end) of the block: numbers are read in place, snapshot names
 * are copied as bytes into their dataset's columns, and only dataset names and extra property
 * values become strings. One instance per block and thread.
 */
final class BlockParser {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long TABS = '\t' * ONES;
    private static final long NEWLINES = '\n' * ONES;
    private static final String[] TYPES = {"filesystem", "volume", "snapshot", "bookmark"};
    private static final byte[][] TYPE_BYTES = {bytes(TYPES[0]), bytes(TYPES[1]), bytes(TYPES[2]), bytes(TYPES[3])};

    /** 2^64 / 10, rounded down: the largest 19-digit prefix of an unsigned 64-bit number. */
    private static final long MAX_19 = Long.divideUnsigned(-1L, 10);
    private final ListingParser parser;
    private final byte[] text;
    private final int length;
    private final ListingAssembler out = new ListingAssembler();
    private final int[] regions;
    /** The last object's extra values and their map: consecutive objects mostly share them. */
    private final String[] lastValues;
    private Map<String, String> lastExtras = Map.of();

    BlockParser(ListingParser parser, byte[] text, int length) {
        this.parser = parser;
        this.text = text;
        this.length = length;
        this.regions = new int[2 * parser.columns()];
        this.lastValues = new String[parser.extraProperties().size()];
    }

    /** {@code zfs list -Hp} lines: name, then one column per property, tab-separated. */
    ListingAssembler parseList() {
        int columns = parser.columns();
        int start = 0;
        while (start < length) {
            int field = separator(start);
            if (field == start && field < length && text[field] == '\n') {
                start = field + 1; // an empty line
                continue;
            }
            if (field == length || text[field] == '\n') {
                throw fieldCount(start, field, columns + 1, 1);
            }
            int nameEnd = field++;
            for (int i = 0; i < columns; i++) {
                // the last field takes the rest of the line: user property values may hold tabs
                int stop = i == columns - 1 ? lineEnd(field) : separator(field);
                if (i < columns - 1 && (stop == length || text[stop] == '\n')) {
                    throw fieldCount(start, stop, columns + 1, i + 2);
                }
                regions[2 * i] = field;
                regions[2 * i + 1] = stop;
                field = stop + 1;
            }
            add(start, nameEnd);
            start = field;
        }
        return out;
    }

    /** {@code zfs get -Hp -o name,property,value} lines; an object's lines follow each other (zfs prints them so). */
    ListingAssembler parseGet() {
        int nameStart = -1;
        int nameEnd = -1;
        int nextColumn = 0;
        int start = 0;
        while (start < length) {
            // most lines name the object of the line before and the property that comes next: compared in place
            int tab1 = nameStart >= 0 ? after(start, nameStart, nameEnd) : -1;
            int tab2 = tab1 >= 0 && nextColumn < parser.columns() ? after(tab1 + 1, parser.propertyBytes(nextColumn)) : -1;
            int end = lineEnd(tab2 >= 0 ? tab2 + 1 : start);
            if (end == start) {
                start = end + 1;
                continue;
            }
            int column = nextColumn;
            boolean sameObject = tab2 >= 0; // the name compared equal above
            if (tab2 < 0) {
                tab1 = next(start, end);
                tab2 = tab1 == end ? end : next(tab1 + 1, end);
                if (tab2 == end) {
                    throw fieldCount(start, end, 3, tab1 == end ? 1 : 2);
                }
                column = column(tab1 + 1, tab2, nextColumn);
            }
            if (!sameObject && (nameStart < 0 || !Arrays.equals(text, start, tab1, text, nameStart, nameEnd))) {
                if (nameStart >= 0) {
                    add(nameStart, nameEnd);
                }
                nameStart = start;
                nameEnd = tab1;
                Arrays.fill(regions, -1);
            }
            regions[2 * column] = tab2 + 1;
            regions[2 * column + 1] = end;
            nextColumn = column + 1;
            start = end + 1;
        }
        if (nameStart >= 0) {
            add(nameStart, nameEnd);
        }
        return out;
    }

    /** The index of the tab after the copy of [from, to) at {@code start}, or -1 when the line holds something else. */
    private int after(int start, int from, int to) {
        int tab = start + to - from;
        return tab < length && text[tab] == '\t' && Arrays.equals(text, start, tab, text, from, to) ? tab : -1;
    }

    private int after(int start, byte[] expected) {
        int tab = start + expected.length;
        return tab < length && text[tab] == '\t' && Arrays.equals(text, start, tab, expected, 0, expected.length) ? tab : -1;
    }

    /** The column of the property named in [start, end): the expected one if it matches, else looked up. */
    private int column(int start, int end, int expected) {
        if (expected < parser.columns() && Arrays.equals(text, start, end, parser.propertyBytes(expected), 0,
                parser.propertyBytes(expected).length)) {
            return expected;
        }
        String property = string(start, end);
        Integer column = parser.columnOf(property);
        if (column == null) {
            throw new ZfsException("Unexpected property '%s' in zfs get output: %s", property, string(start, lineEnd(start)));
        }
        return column;
    }

    /** Adds the object named [nameStart, nameEnd) with the values in {@link #regions}. */
    private void add(int nameStart, int nameEnd) {
        if (regions[0] < 0) {
            throw new ZfsException("The zfs listing has no type for '%s'", string(nameStart, nameEnd));
        }
        ObjectType type = type(nameStart, nameEnd, regions[0], regions[1]);
        long guid = unsigned(nameStart, nameEnd, "guid", regions[2], regions[3]);
        long createtxg = number(nameStart, nameEnd, "createtxg", regions[4], regions[5]);
        long creation = number(nameStart, nameEnd, "creation", regions[6], regions[7]);
        long used = number(nameStart, nameEnd, "used", regions[8], regions[9]);
        long referenced = number(nameStart, nameEnd, "referenced", regions[10], regions[11]);
        Map<String, String> extras = extras();
        int at = type == ObjectType.SNAPSHOT ? out.snapshotSeparator(text, nameStart, nameEnd) : -1;
        at = at >= 0 || type != ObjectType.SNAPSHOT ? at : indexOf(nameStart, nameEnd, (byte) '@');
        if (at < 0) {
            out.object(new ZfsObject(string(nameStart, nameEnd), type, guid, createtxg, creation, used, referenced, extras));
            return;
        }
        out.columns(text, nameStart, at).add(text, at + 1, nameEnd,
                new SnapshotColumns.Numbers(guid, createtxg, creation, used, referenced), extras);
    }

    private Map<String, String> extras() {
        int core = ListingParser.CORE_PROPERTIES.size();
        boolean same = true;
        for (int i = 0; i < lastValues.length; i++) {
            int start = regions[2 * (core + i)];
            int end = regions[2 * (core + i) + 1];
            String value = start < 0 || (end - start == 1 && text[start] == '-') ? null : value(i, start, end);
            same &= Objects.equals(value, lastValues[i]); // identical when value() reused the last row's string
            lastValues[i] = value;
        }
        if (same) {
            return lastExtras;
        }
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < lastValues.length; i++) {
            if (lastValues[i] != null) {
                map.put(parser.extraProperties().get(i), lastValues[i]);
            }
        }
        lastExtras = Map.copyOf(map);
        return lastExtras;
    }

    /** The value in [start, end): the previous object's string when the bytes are the same. */
    private String value(int column, int start, int end) {
        String last = lastValues[column];
        if (last != null && last.length() == end - start && sameAscii(last, start, end)) {
            return last;
        }
        return string(start, end);
    }

    private boolean sameAscii(String value, int start, int end) {
        for (int i = start; i < end; i++) {
            if (text[i] < 0 || value.charAt(i - start) != text[i]) {
                return false;
            }
        }
        return true;
    }

    private ObjectType type(int nameStart, int nameEnd, int start, int end) {
        for (int i = 0; i < TYPES.length; i++) {
            if (Arrays.equals(text, start, end, TYPE_BYTES[i], 0, TYPE_BYTES[i].length)) {
                return ObjectType.values()[i]; // the same order as TYPES
            }
        }
        return ObjectType.parse(string(nameStart, nameEnd), string(start, end));
    }

    private long unsigned(int nameStart, int nameEnd, String property, int start, int end) {
        if (start >= 0 && end > start && end - start <= 20) {
            long value = 0;
            int i = start;
            // 19 digits never overflow 64 unsigned bits; the 20th only below 2^64 (1844674407370955161 * 10 + 5)
            while (i < end && i - start < 19 && text[i] >= '0' && text[i] <= '9') {
                value = value * 10 + (text[i++] - '0');
            }
            if (i == end) {
                return value;
            }
            int last = text[i] - '0';
            if (i == end - 1 && last >= 0 && last <= 9 && (Long.compareUnsigned(value, MAX_19) < 0
                    || (value == MAX_19 && last <= 5))) {
                return value * 10 + last;
            }
        }
        try {
            if (start < 0) {
                throw new NumberFormatException();
            }
            return Long.parseUnsignedLong(string(start, end)); // what is not a plain number: its exact rules and message
        } catch (NumberFormatException e) {
            throw new ZfsException("The %s of '%s' is '%s', not a number: was the listing made without -p?",
                    property, string(nameStart, nameEnd), start < 0 ? null : string(start, end));
        }
    }

    private long number(int nameStart, int nameEnd, String property, int start, int end) {
        if (start < 0 || (end - start == 1 && text[start] == '-')) {
            return -1;
        }
        return unsigned(nameStart, nameEnd, property, start, end);
    }

    private String string(int start, int end) {
        return new String(text, start, end - start, StandardCharsets.UTF_8);
    }

    /** The next tab in [start, end), or {@code end}. */
    private int next(int start, int end) {
        int tab = indexOf(start, end, (byte) '\t');
        return tab < 0 ? end : tab;
    }

    /**
     * The first {@code value} in [start, end), or -1. Eight bytes at a time: x ^ pattern has a zero
     * byte where x holds {@code value}, and {@link #zeros} marks the lowest zero byte exactly.
     */
    private int indexOf(int start, int end, byte value) {
        long pattern = (value & 0xFFL) * ONES;
        int i = start;
        for (; i + Long.BYTES <= end; i += Long.BYTES) {
            long found = zeros((long) LONGS.get(text, i) ^ pattern);
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < end; i++) {
            if (text[i] == value) {
                return i;
            }
        }
        return -1;
    }

    /** The first tab or line end at or after {@code start}, or the block's end. */
    private int separator(int start) {
        int i = start;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            long word = (long) LONGS.get(text, i);
            long found = zeros(word ^ TABS) | zeros(word ^ NEWLINES);
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        while (i < length && text[i] != '\t' && text[i] != '\n') {
            i++;
        }
        return i;
    }

    /** Marks the lowest zero byte of {@code word} exactly (bytes above it may be marked wrongly, never those below). */
    private static long zeros(long word) {
        return (word - ONES) & ~word & HIGHS;
    }

    private int lineEnd(int start) {
        int end = indexOf(start, length, (byte) '\n');
        return end < 0 ? length : end;
    }

    private ZfsException fieldCount(int start, int end, int expected, int found) {
        return new ZfsException("Expected %d tab-separated fields in zfs output, found %d: '%s'", expected, found,
                string(start, end));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
