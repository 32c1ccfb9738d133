package io.jenkins.plugins.zfsreplication.zfs;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Finds out what a host's zfs supports from its own usage text ({@code zfs -?}), and, only where
 * it is printed, its version ({@code zfs version}, where it has one). Nothing is assumed from a
 * version number: distributions backport, and zfs-fuse reports none.
 */
final class CapabilityProbe {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private CapabilityProbe() {
    }

    /** What the usage text says: the features, and whether {@code zfs version} is there to ask. */
    record Probed(Capabilities capabilities, boolean versionCommand) {
    }

    static Probed probe(CommandRunner runner) {
        // "zfs -?" prints the usage on stdout and exits 0 on OpenZFS; older ones use stderr.
        CommandResult usage = runner.run(List.of("zfs", "-?"), TIMEOUT);
        String text = usage.stdout() + "\n" + usage.stderr();
        if (!text.contains("where 'command' is one of the following")) {
            throw new ZfsCommandException(usage.command(), usage.exitStatus(),
                    "no usage text from zfs; is this a ZFS host? " + usage.stderr());
        }
        UsageText parsed = UsageText.parse(text);
        return new Probed(new Capabilities(runner.host(), features(parsed)), parsed.hasCommand("version"));
    }

    static Set<Feature> features(UsageText usage) {
        Set<Feature> features = EnumSet.noneOf(Feature.class);
        for (Feature feature : Feature.values()) {
            if (feature.foundIn(usage)) {
                features.add(feature);
            }
        }
        return features;
    }

    /** The first line of {@code zfs version}; a text saying why there is none where the usage lacks it. */
    static String version(CommandRunner runner, boolean versionCommand) {
        if (!versionCommand) {
            return "unknown (no 'zfs version': zfs-fuse or ZFS before OpenZFS 0.8)";
        }
        CommandResult version = runner.run(List.of("zfs", "version"), TIMEOUT);
        String first = version.stdout().lines().findFirst().orElse("").strip();
        return version.succeeded() && !first.isEmpty() ? first : "unknown";
    }
}
