package io.jenkins.plugins.zfsreplication.zfs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses the two forms of one-call listing: {@code zfs list -Hp -o name,<properties>} (one
 * tab-separated line per object, modern OpenZFS) and {@code zfs get -Hp -o name,property,value
 * <properties>} (one line per object and property, every ZFS). Lines are cut with indexOf, not
 * regular expressions: a listing of a million snapshots must parse in well under a second.
 */
final class ListingParser {
    /** The properties every listing asks for, in this order, after the name. */
    static final List<String> CORE_PROPERTIES =
            List.of("type", "guid", "createtxg", "creation", "used", "referenced");

    private final List<String> extraProperties;
    private final List<String> allProperties;
    private final Map<String, Integer> columnOf;

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

    List<ZfsObject> parseList(String output) {
        List<ZfsObject> objects = new ArrayList<>();
        int columns = allProperties.size() + 1;
        forEachLine(output, line -> {
            String[] fields = split(line, columns);
            String[] values = new String[allProperties.size()];
            System.arraycopy(fields, 1, values, 0, values.length);
            objects.add(toObject(fields[0], values));
        });
        return objects;
    }

    List<ZfsObject> parseGet(String output) {
        Map<String, String[]> valuesByName = new LinkedHashMap<>();
        forEachLine(output, line -> {
            String[] fields = split(line, 3);
            Integer column = columnOf.get(fields[1]);
            if (column == null) {
                throw new ZfsException("Unexpected property '%s' in zfs get output: %s", fields[1], line);
            }
            valuesByName.computeIfAbsent(fields[0], name -> new String[allProperties.size()])[column] = fields[2];
        });
        List<ZfsObject> objects = new ArrayList<>(valuesByName.size());
        valuesByName.forEach((name, values) -> objects.add(toObject(name, values)));
        return objects;
    }

    private ZfsObject toObject(String name, String[] values) {
        if (values[0] == null) {
            throw new ZfsException("The zfs listing has no type for '%s'", name);
        }
        ObjectType type = ObjectType.parse(name, values[0]);
        Map<String, String> extras = extraProperties.isEmpty() ? Map.of() : new HashMap<>();
        for (int i = 0; i < extraProperties.size(); i++) {
            String value = values[CORE_PROPERTIES.size() + i];
            if (value != null && !value.equals("-")) {
                extras.put(extraProperties.get(i), value);
            }
        }
        return new ZfsObject(name, type, unsigned(name, "guid", values[1]), number(name, "createtxg", values[2]),
                number(name, "creation", values[3]), number(name, "used", values[4]),
                number(name, "referenced", values[5]), extras);
    }

    private static long unsigned(String name, String property, String value) {
        try {
            return Long.parseUnsignedLong(value);
        } catch (NumberFormatException | NullPointerException e) {
            throw new ZfsException("The %s of '%s' is '%s', not a number: was the listing made without -p?",
                    property, name, value);
        }
    }

    private static long number(String name, String property, String value) {
        if (value == null || value.equals("-")) {
            return -1;
        }
        return unsigned(name, property, value);
    }

    private static String[] split(String line, int expected) {
        String[] fields = new String[expected];
        int start = 0;
        for (int i = 0; i < expected - 1; i++) {
            int tab = line.indexOf('\t', start);
            if (tab < 0) {
                throw new ZfsException("Expected %d tab-separated fields in zfs output, found %d: '%s'",
                        expected, i + 1, line);
            }
            fields[i] = line.substring(start, tab);
            start = tab + 1;
        }
        // the last field takes the rest of the line: user property values may hold tabs
        fields[expected - 1] = line.substring(start);
        return fields;
    }

    private static void forEachLine(String output, java.util.function.Consumer<String> action) {
        int start = 0;
        int length = output.length();
        while (start < length) {
            int end = output.indexOf('\n', start);
            if (end < 0) {
                end = length;
            }
            if (end > start) {
                action.accept(output.substring(start, end));
            }
            start = end + 1;
        }
    }
}
