package io.jenkins.plugins.zfsreplication.cli;

import io.jenkins.plugins.zfsreplication.topology.Carriage;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.check.AgeThresholds;
import io.jenkins.plugins.zfsreplication.check.Ages;
import io.jenkins.plugins.zfsreplication.metrics.MetricsFile;
import io.jenkins.plugins.zfsreplication.plan.DatasetPattern;
import io.jenkins.plugins.zfsreplication.plan.SnapshotHooks;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.prune.RetentionPolicy;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.transfer.BaseHolds;
import io.jenkins.plugins.zfsreplication.transfer.Compression;
import io.jenkins.plugins.zfsreplication.transfer.SendOption;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.verify.HashAlgorithm;
import io.jenkins.plugins.zfsreplication.verify.SparseMode;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;

/**
 * Every value of the night's config read as the stage that takes it will read it, before anything
 * runs: the subcommands check their values only when they start, and by then plan has taken
 * tonight's snapshot. A bad value is one line naming the key and why (exit 2), and nothing ran.
 * Reads no host: {@link NightProbe} does that for {@code night --check}.
 */
final class NightValues {
    /** How one key's value is read; throws what the stage would. */
    private static final Map<String, Consumer<String>> READERS = Map.ofEntries(
            Map.entry("source", value -> List.of(value.split("\\s+")).forEach(DatasetName::of)),
            Map.entry("include", DatasetPattern::of),
            Map.entry("exclude", DatasetPattern::of),
            Map.entry("target-root", DatasetName::of),
            Map.entry("target-host", SshCommandRunner::checkDestination),
            Map.entry("source-host", SshCommandRunner::checkDestination),
            Map.entry("prefix", SnapshotNaming::of),
            Map.entry("snapshot-pattern", value -> SnapshotNaming.of(SnapshotNaming.DEFAULT_PREFIX, value)),
            Map.entry("pre-snapshot", value -> SnapshotHooks.parseCommand("pre-snapshot", value)),
            Map.entry("post-snapshot", value -> SnapshotHooks.parseCommand("post-snapshot", value)),
            Map.entry("keep-source", RetentionPolicy::parse),
            Map.entry("keep-target", RetentionPolicy::parse),
            Map.entry("transport", NightValues::transport),
            Map.entry("target-id", BaseHolds::checkTargetId),
            Map.entry("concurrency", value -> atLeast(value, 1)),
            Map.entry("retries", value -> atLeast(value, 0)),
            Map.entry("retry-delay", NightValues::seconds),
            Map.entry("compress", Compression::byName),
            Map.entry("buffer", Sizes::parse),
            Map.entry("rate-limit", Sizes::parse),
            Map.entry("option", value -> List.of(value.split(",")).forEach(name -> SendOption.byName(name.strip()))),
            Map.entry("hash", HashAlgorithm::byName),
            Map.entry("block-size", NightValues::blockSize),
            Map.entry("coverage-nights", value -> atLeast(value, 1)),
            Map.entry("coverage-budget", Sizes::parse),
            Map.entry("coverage-time-budget", Ages::parseSeconds));

    private NightValues() {
    }

    /** Reads every value as its stage will; the first bad one is a {@link CliErrors.BadInputException}. */
    static void check(NightConfig config) {
        config.values().forEach((key, values) -> {
            Consumer<String> reader = READERS.get(key);
            if (reader != null) {
                values.forEach(value -> read(config.file(), key, value, reader));
            }
        });
        Map<String, List<String>> values = config.values();
        read(config.file(), "warn/crit", "", value -> AgeThresholds.parse(values.getOrDefault("warn", List.of()),
                values.getOrDefault("crit", List.of())));
        read(config.file(), "runs", config.value("runs", NightConfig.DEFAULT_RUNS), Path::of);
        if (config.values().containsKey("metrics-file")) {
            read(config.file(), "metrics-file", config.value("metrics-file", ""),
                    NightValues::metricsFile);
        }
    }

    private static void read(Path file, String key, String value, Consumer<String> reader) {
        try {
            reader.accept(value);
        } catch (RuntimeException e) {
            String given = value.isEmpty() ? key : key + " = " + value;
            throw new CliErrors.BadInputException(TerminalText.line(file + ": " + given + ": " + CliErrors.message(e)
                    + " (nothing ran)"), e);
        }
    }

    private static void metricsFile(String value) {
        try {
            MetricsFile.checkWritable(Path.of(value));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void transport(String value) {
        if (Carriage.named(value).isEmpty()) {
            throw new IllegalArgumentException("use local, tcp or ssh");
        }
    }

    private static void atLeast(String value, int least) {
        int parsed;
        try {
            parsed = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a whole number", e);
        }
        if (parsed < least) {
            throw new IllegalArgumentException("at least " + least);
        }
    }

    private static void seconds(String value) {
        double parsed;
        try {
            parsed = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a number of seconds", e);
        }
        if (!(parsed >= 0) || Double.isInfinite(parsed)) {
            throw new IllegalArgumentException("not a number of seconds");
        }
    }

    private static void blockSize(String value) {
        new VerifyOptions(Sizes.parse(value), VerifyOptions.DEFAULT_COUNT, HashAlgorithm.XXH64, SparseMode.AUTO, 1);
    }
}
