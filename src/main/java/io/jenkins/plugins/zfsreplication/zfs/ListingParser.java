package io.jenkins.plugins.zfsreplication.zfs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses the two forms of one-call listing: {@code zfs list -Hp -o name,<properties>} (one
 * tab-separated line per object, modern OpenZFS) and {@code zfs get -Hp -o name,property,value
 * <properties>} (one line per object and property, every ZFS).
 *
 * <p>Built for a million snapshots (docs/benchmarks.md): lines are never cut into substrings
 * first; each field is a region [start, end) of the output, numbers are parsed in place, and
 * only names and extra property values become strings. In the get form, zfs prints an object's
 * properties one after another and in the order asked: the parser checks that cheaply and falls
 * back to lookups when it does not hold.
 */
final class ListingParser {
    /** The properties every listing asks for, in this order, after the name. */
    static final List<String> CORE_PROPERTIES =
            List.of("type", "guid", "createtxg", "creation", "used", "referenced");
    private static final String[] TYPES = {"filesystem", "volume", "snapshot", "bookmark"};

    private final List<String> extraProperties;
    private final List<String> allProperties;
    private final Map<String, Integer> columnOf;
    /** Short extra values ("on", "0", "-") repeat a million times: one string each. */
    private final Map<String, String> shortValues = new java.util.concurrent.ConcurrentHashMap<>();

    ListingParser(List<String> extraProperties) {
        this.extraProperties = List.copyOf(extraProperties);
        this.allProperties = new ArrayList<>(CORE_PROPERTIES);
        allProperties.addAll(extraProperties);
        this.columnOf = new HashMap<>();
        for (int i = 0; i < allProperties.size(); i++) {
            columnOf.put(allProperties.get(i), i);
        }
    }

    /** The properties to ask zfs for, core first, as the argument of -o or of zfs get. */
    String propertyList() {
        return String.join(",", allProperties);
    }

    /**
     * Parses {@code zfs list -Hp} output; a big listing in parallel chunks cut at line ends (the
     * result is the same as one pass, in zfs's order).
     */
    List<ZfsObject> parseList(String output) {
        List<int[]> chunks = chunks(output, false);
        return chunks.parallelStream().flatMap(chunk -> parseList(output, chunk[0], chunk[1]).stream()).toList();
    }

    private List<ZfsObject> parseList(String output, int from, int to) {
        List<ZfsObject> objects = new ArrayList<>();
        int columns = allProperties.size();
        int[] regions = new int[2 * columns];
        int start = from;
        int length = to;
        while (start < length) {
            int end = lineEnd(output, start);
            if (end > start) {
                int tab = output.indexOf('\t', start);
                if (tab < 0 || tab > end) {
                    throw fieldCount(output, start, end, columns + 1, 1);
                }
                String name = output.substring(start, tab);
                int field = tab + 1;
                for (int i = 0; i < columns; i++) {
                    // the last field takes the rest of the line: user property values may hold tabs
                    int stop = i == columns - 1 ? end : output.indexOf('\t', field);
                    if (stop < 0 || stop > end) {
                        throw fieldCount(output, start, end, columns + 1, i + 2);
                    }
                    regions[2 * i] = field;
                    regions[2 * i + 1] = stop;
                    field = stop + 1;
                }
                objects.add(toObject(output, name, regions));
            }
            start = end + 1;
        }
        return objects;
    }

    /**
     * Parses {@code zfs get -Hp} output; a big listing in parallel chunks cut where the object
     * changes. An object that still shows up in two chunks (zfs printing out of order) is merged.
     */
    List<ZfsObject> parseGet(String output) {
        List<Map<String, int[]>> parts = chunks(output, true).parallelStream()
                .map(chunk -> parseGet(output, chunk[0], chunk[1])).toList();
        Map<String, int[]> all = parts.size() == 1 ? parts.get(0) : new java.util.LinkedHashMap<>();
        if (parts.size() > 1) {
            for (Map<String, int[]> part : parts) {
                part.forEach((name, regions) -> all.merge(name, regions, ListingParser::mergeRegions));
            }
        }
        List<Map.Entry<String, int[]>> entries = new ArrayList<>(all.entrySet());
        return entries.parallelStream().map(e -> toObject(output, e.getKey(), e.getValue())).toList();
    }

    private static int[] mergeRegions(int[] first, int[] second) {
        for (int i = 0; i < first.length; i++) {
            first[i] = second[i] >= 0 ? second[i] : first[i];
        }
        return first;
    }

    private Map<String, int[]> parseGet(String output, int from, int to) {
        Map<String, int[]> regionsByName = new java.util.LinkedHashMap<>();
        String currentName = null;
        int[] current = null;
        int nextColumn = 0;
        int start = from;
        int length = to;
        while (start < length) {
            int end = lineEnd(output, start);
            if (end > start) {
                int tab1 = output.indexOf('\t', start);
                int tab2 = tab1 < 0 ? -1 : output.indexOf('\t', tab1 + 1);
                if (tab1 < 0 || tab1 > end || tab2 < 0 || tab2 > end) {
                    throw fieldCount(output, start, end, 3, tab1 < 0 || tab1 > end ? 1 : 2);
                }
                if (currentName == null || !sameRegion(output, start, tab1, currentName)) {
                    currentName = output.substring(start, tab1);
                    current = regionsByName.get(currentName);
                    if (current == null) {
                        current = new int[2 * allProperties.size()];
                        Arrays.fill(current, -1);
                        regionsByName.put(currentName, current);
                    }
                    nextColumn = 0;
                }
                int column = column(output, tab1 + 1, tab2, nextColumn);
                current[2 * column] = tab2 + 1;
                current[2 * column + 1] = end;
                nextColumn = column + 1;
            }
            start = end + 1;
        }
        return regionsByName;
    }

    /** Below this many characters a listing is parsed in one piece. */
    private static final int CHUNK = 8 << 20;

    /**
     * [start, end) ranges covering the output, cut after a line end; with {@code byObject}, only
     * where the next line names another object than the line before.
     */
    private static List<int[]> chunks(String output, boolean byObject) {
        List<int[]> chunks = new ArrayList<>();
        int start = 0;
        while (start < output.length()) {
            int end = start + CHUNK >= output.length() ? output.length() : lineEnd(output, start + CHUNK) + 1;
            while (byObject && end < output.length() && sameName(output, end)) {
                end = Math.min(output.length(), lineEnd(output, end) + 1);
            }
            chunks.add(new int[] {start, Math.min(end, output.length())});
            start = end;
        }
        return chunks;
    }

    /** True when the line at {@code start} names the same object as the line before it. */
    private static boolean sameName(String output, int start) {
        int previous = output.lastIndexOf('\n', start - 2) + 1;
        int tab = output.indexOf('\t', previous);
        int nameLength = tab - previous;
        return tab > 0 && tab < start && output.length() > start + nameLength
                && output.regionMatches(start, output, previous, nameLength) && output.charAt(start + nameLength) == '\t';
    }

    /** The column of the property named in [start, end): the expected one if it matches, else looked up. */
    private int column(String output, int start, int end, int expected) {
        if (expected < allProperties.size() && sameRegion(output, start, end, allProperties.get(expected))) {
            return expected;
        }
        String property = output.substring(start, end);
        Integer column = columnOf.get(property);
        if (column == null) {
            throw new ZfsException("Unexpected property '%s' in zfs get output: %s", property,
                    output.substring(start, lineEnd(output, start)));
        }
        return column;
    }

    private ZfsObject toObject(String output, String name, int[] regions) {
        if (regions[0] < 0) {
            throw new ZfsException("The zfs listing has no type for '%s'", name);
        }
        ObjectType type = type(output, name, regions[0], regions[1]);
        return new ZfsObject(name, type, unsigned(output, name, "guid", regions[2], regions[3]),
                number(output, name, "createtxg", regions[4], regions[5]),
                number(output, name, "creation", regions[6], regions[7]),
                number(output, name, "used", regions[8], regions[9]),
                number(output, name, "referenced", regions[10], regions[11]), extras(output, regions));
    }

    private Map<String, String> extras(String output, int[] regions) {
        String[] keys = new String[extraProperties.size()];
        String[] values = new String[keys.length];
        int count = 0;
        for (int i = 0; i < keys.length; i++) {
            int column = CORE_PROPERTIES.size() + i;
            int start = regions[2 * column];
            int end = regions[2 * column + 1];
            if (start >= 0 && !(end - start == 1 && output.charAt(start) == '-')) {
                keys[count] = extraProperties.get(i);
                values[count++] = value(output, start, end);
            }
        }
        // the small immutable maps: ZfsObject keeps them as they are (Map.copyOf of an immutable map is itself)
        return switch (count) {
            case 0 -> Map.of();
            case 1 -> Map.of(keys[0], values[0]);
            case 2 -> Map.of(keys[0], values[0], keys[1], values[1]);
            default -> {
                Map<String, String> map = new HashMap<>();
                for (int i = 0; i < count; i++) {
                    map.put(keys[i], values[i]);
                }
                yield map;
            }
        };
    }

    private String value(String output, int start, int end) {
        String value = output.substring(start, end);
        return end - start <= 3 ? shortValues.computeIfAbsent(value, v -> v) : value;
    }

    private static ObjectType type(String output, String name, int start, int end) {
        for (String type : TYPES) {
            if (sameRegion(output, start, end, type)) {
                return ObjectType.parse(name, type);
            }
        }
        return ObjectType.parse(name, output.substring(start, end));
    }

    private static long unsigned(String output, String name, String property, int start, int end) {
        try {
            if (start < 0) {
                throw new NumberFormatException();
            }
            return Long.parseUnsignedLong(output, start, end, 10);
        } catch (NumberFormatException e) {
            throw new ZfsException("The %s of '%s' is '%s', not a number: was the listing made without -p?",
                    property, name, start < 0 ? null : output.substring(start, end));
        }
    }

    private static long number(String output, String name, String property, int start, int end) {
        if (start < 0 || (end - start == 1 && output.charAt(start) == '-')) {
            return -1;
        }
        return unsigned(output, name, property, start, end);
    }

    private static boolean sameRegion(String output, int start, int end, String expected) {
        return end - start == expected.length() && output.startsWith(expected, start);
    }

    private static int lineEnd(String output, int start) {
        int end = output.indexOf('\n', start);
        return end < 0 ? output.length() : end;
    }

    private static ZfsException fieldCount(String output, int start, int end, int expected, int found) {
        return new ZfsException("Expected %d tab-separated fields in zfs output, found %d: '%s'", expected, found,
                output.substring(start, end));
    }
}
