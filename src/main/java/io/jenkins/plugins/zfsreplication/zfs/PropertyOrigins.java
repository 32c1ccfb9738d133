package io.jenkins.plugins.zfsreplication.zfs;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where user properties of listed datasets are set, as the {@code source} column of
 * {@code zfs get} says: on the dataset itself ({@code local}) or on the ancestor it inherits the
 * value from. A listing ({@code zfs list -o}) has the values, inherited as ZFS inherits them, but
 * not where they come from; this has only that (see {@link Zfs#propertyOrigins}).
 */
public final class PropertyOrigins {
    /** Nothing known: every origin is unknown (the caller names none). */
    public static final PropertyOrigins UNKNOWN = new PropertyOrigins(Set.of(), Map.of(), Set.of());

    /** "dataset\0property" for every property set on the dataset itself. */
    private final Set<String> local;
    /** "root\0property" to the ancestor above a listed root that the root inherits the property from. */
    private final Map<String, String> inheritedAboveRoots;
    /** "dataset\0property" for every property whose value there was received ({@code zfs recv} of a stream with properties). */
    private final Set<String> received;

    PropertyOrigins(Set<String> local, Map<String, String> inheritedAboveRoots, Set<String> received) {
        this.local = Set.copyOf(local);
        this.inheritedAboveRoots = Map.copyOf(inheritedAboveRoots);
        this.received = Set.copyOf(received);
    }

    /**
     * True when the value {@code dataset} has for {@code property} was received with a stream, on
     * the dataset itself or on the ancestor it inherits it from: another host's setting, not this
     * one's ({@link #origin} names where).
     */
    public boolean isReceived(DatasetName dataset, String property) {
        return origin(dataset, property).map(at -> received.contains(key(at.name(), property))).orElse(false);
    }

    /**
     * The dataset {@code property} of {@code dataset} is set on: the dataset itself when it is set
     * there, else its nearest ancestor that has it set; empty when unset or not known here.
     */
    public Optional<DatasetName> origin(DatasetName dataset, String property) {
        String at = dataset.name();
        while (true) {
            if (local.contains(key(at, property)) || received.contains(key(at, property))) {
                return Optional.of(DatasetName.of(at));
            }
            String above = inheritedAboveRoots.get(key(at, property));
            if (above != null) {
                return Optional.of(DatasetName.of(above));
            }
            int slash = at.lastIndexOf('/');
            if (slash < 0) {
                return Optional.empty();
            }
            at = at.substring(0, slash);
        }
    }

    static String key(String dataset, String property) {
        return dataset + '\0' + property;
    }

    /** Collects what the two {@code zfs get} calls of {@link Zfs#propertyOrigins} print. */
    static final class Builder {
        private final Set<String> local = new HashSet<>();
        private final Map<String, String> inherited = new HashMap<>();
        private final Set<String> received = new HashSet<>();

        /** A line of {@code zfs get -H -s local,received -o name,property,source}. */
        void local(String line, Set<String> properties) {
            String[] fields = fields(line, 3, properties);
            if (!isDataset(fields[0])) { // a snapshot's own user property says nothing of its dataset's
                return;
            }
            String key = key(DatasetName.of(fields[0]).name(), fields[1]);
            switch (fields[2]) {
                case "local" -> local.add(key);
                case "received" -> received.add(key);
                default -> throw new ZfsException("Unexpected source '%s' of %s on %s from zfs get: expected 'local' or"
                        + " 'received'", io.jenkins.plugins.zfsreplication.text.TerminalText.line(fields[2]),
                        fields[1], fields[0]);
            }
        }

        /** The ancestors above the roots that values are inherited from: where their own source is asked. */
        java.util.Collection<String> inheritedFrom() {
            return new java.util.TreeSet<>(inherited.values());
        }

        /** A line of {@code zfs get -H -s inherited -o name,property,source} about a root. */
        void inherited(String line, Set<String> properties) {
            String[] fields = fields(line, 3, properties);
            String prefix = "inherited from ";
            if (!fields[2].startsWith(prefix)) {
                throw new ZfsException("Unexpected source '%s' of %s on %s from zfs get: expected 'inherited from"
                        + " DATASET'", fields[2], fields[1], fields[0]);
            }
            inherited.put(key(DatasetName.of(fields[0]).name(), fields[1]),
                    DatasetName.of(fields[2].substring(prefix.length())).name());
        }

        PropertyOrigins build() {
            return new PropertyOrigins(local, inherited, received);
        }

        private static boolean isDataset(String name) {
            return name.indexOf('@') < 0 && name.indexOf('#') < 0;
        }

        /** zfs's output is input too: a line that is not what was asked for is refused, not guessed at. */
        private static String[] fields(String line, int count, Set<String> properties) {
            String[] fields = line.split("\t", -1);
            if (fields.length != count || !properties.contains(fields[1])) {
                throw new ZfsException("Unexpected line from zfs get: '%s'",
                        io.jenkins.plugins.zfsreplication.text.TerminalText.line(line));
            }
            return fields;
        }
    }
}
