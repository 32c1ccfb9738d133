package io.jenkins.plugins.zfsreplication.zfs;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What one host's zfs supports, as probed once per host and run. Serializable: a target agent's
 * probe travels to the sending agent, which resolves the send options against both ends. Its
 * version is not part of it: no decision rests on it, and it is asked only where it is printed
 * ({@link Zfs#version()}).
 */
public record Capabilities(String host, Set<Feature> features) implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public Capabilities {
        features = features.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(features));
    }

    public boolean has(Feature feature) {
        return features.contains(feature);
    }

    /** One line per feature, "yes" or "no", in the enum's order, after the host and its zfs {@code version}. */
    public String describe(String version) {
        StringBuilder text = new StringBuilder();
        text.append("host: ").append(host).append('\n');
        text.append("zfs version: ").append(version).append('\n');
        for (Feature feature : Feature.values()) {
            text.append(String.format("%-20s %s%n", feature.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'),
                    has(feature) ? "yes" : "no"));
        }
        return text.toString();
    }

    @Override
    public String toString() {
        return host + ": " + features.stream().map(Enum::name).sorted().collect(Collectors.joining(","));
    }
}
