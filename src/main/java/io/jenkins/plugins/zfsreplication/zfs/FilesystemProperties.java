package io.jenkins.plugins.zfsreplication.zfs;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The file systems at and below one dataset, each with the value and the source ({@code local},
 * {@code received}, {@code inherited from ...}, {@code default}) of a few properties: what a receive
 * left under a target, read back to be checked. Two zfs calls whatever the number of file systems
 * (a batch more per {@link Zfs#MAX_ARGUMENT_BYTES} of names), never a line per snapshot.
 */
public final class FilesystemProperties {
    private FilesystemProperties() {
    }

    /** A property's value and where it comes from, as {@code zfs get -o value,source} prints them. */
    public record Setting(String value, String source) {
        /** Set on the dataset itself ({@code zfs set}, or {@code zfs recv -o}). */
        public boolean local() {
            return "local".equals(source);
        }

        /** Taken from the stream that created or updated the dataset. */
        public boolean received() {
            return "received".equals(source);
        }
    }

    /**
     * Every file system at or below {@code top}, top first then in zfs's order, to its properties.
     * A name this tool refuses (zfs allows more than it does) fails the call: what cannot be named
     * safely cannot be checked either.
     */
    public static Map<DatasetName, Map<String, Setting>> read(Zfs zfs, DatasetName top, List<String> properties) {
        return read(zfs, List.of(top), properties);
    }

    /**
     * Every file system at or below each of {@code tops} (each once, a parent before what lies
     * below it) to its properties: the same two zfs calls for all of them. The properties are
     * asked by name, and a line is taken only when it names a listed file system and an asked
     * property: a user property's value holding new lines cannot pass for one of them.
     */
    public static Map<DatasetName, Map<String, Setting>> read(Zfs zfs, List<DatasetName> tops, List<String> properties) {
        properties.forEach(Zfs::checkPropertyName);
        String named = String.join(",", tops.stream().map(DatasetName::name).toList());
        Map<DatasetName, Map<String, Setting>> settings = new LinkedHashMap<>();
        for (List<DatasetName> batch : Zfs.batches(tops, DatasetName::name)) {
            List<String> command = new ArrayList<>(List.of("zfs", "list", "-H", "-r", "-t", "filesystem", "-o", "name"));
            batch.forEach(top -> command.add(top.name()));
            for (String line : zfs.run(command).stdout().split("\n")) {
                if (!line.isEmpty()) {
                    settings.putIfAbsent(underTop(batch, line), new LinkedHashMap<>());
                }
            }
        }
        for (List<DatasetName> batch : Zfs.batches(new ArrayList<>(settings.keySet()), DatasetName::name)) {
            List<String> command = new ArrayList<>(List.of("zfs", "get", "-H", "-o", "name,property,value,source",
                    String.join(",", properties)));
            batch.forEach(filesystem -> command.add(filesystem.name()));
            for (String line : zfs.run(command).stdout().split("\n")) {
                String[] fields = line.split("\t", -1);
                if (fields.length == 4 && settings.containsKey(DatasetName.of(fields[0]))
                        && properties.contains(fields[1])) {
                    settings.get(DatasetName.of(fields[0])).put(fields[1], new Setting(fields[2], fields[3]));
                } else if (!line.isEmpty()) {
                    throw new ZfsException("Cannot read the properties of %s from zfs get: '%s'", named, line);
                }
            }
        }
        return settings;
    }

    /**
     * Of {@code filesystems}, each one's native properties whose value now is the one a stream gave
     * (source {@code received}), from {@code zfs get all}: user properties ({@code module:name})
     * left out. zfs prints a user property's value as it is, new lines included: a line that is not
     * one of a listed file system's native properties is no property of it and is passed over.
     */
    public static Map<DatasetName, Map<String, Setting>> received(Zfs zfs, Collection<DatasetName> filesystems) {
        Map<String, Map<String, Setting>> byName = new LinkedHashMap<>();
        filesystems.forEach(filesystem -> byName.put(filesystem.name(), new LinkedHashMap<>()));
        for (List<DatasetName> batch : Zfs.batches(new ArrayList<>(filesystems), DatasetName::name)) {
            List<String> command = new ArrayList<>(List.of("zfs", "get", "-H", "-o", "name,property,value,source",
                    "all"));
            batch.forEach(filesystem -> command.add(filesystem.name()));
            for (String line : zfs.run(command).stdout().split("\n")) {
                String[] fields = line.split("\t", -1);
                if (fields.length == 4 && byName.containsKey(fields[0]) && "received".equals(fields[3])
                        && fields[1].matches("[a-z][a-z0-9_]*")) {
                    byName.get(fields[0]).put(fields[1], new Setting(fields[2], fields[3]));
                }
            }
        }
        Map<DatasetName, Map<String, Setting>> settings = new LinkedHashMap<>();
        filesystems.forEach(filesystem -> settings.put(filesystem, byName.get(filesystem.name())));
        return settings;
    }

    private static DatasetName underTop(List<DatasetName> tops, String name) {
        DatasetName top = tops.get(0);
        java.util.Optional<String> refusal = DatasetName.refusal(name);
        if (refusal.isPresent()) {
            throw new ZfsException("A file system under %s has a name this tool refuses (%s): it cannot be checked; "
                    + "look at it and destroy it if it came with a received stream", top, refusal.get());
        }
        DatasetName dataset = DatasetName.of(name);
        if (tops.stream().noneMatch(dataset::isSelfOrDescendantOf)) {
            throw new ZfsException("zfs list -r %s named %s, which is not below it", top, name);
        }
        return dataset;
    }
}
