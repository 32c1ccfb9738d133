package io.jenkins.plugins.zfsreplication.cli;

import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Function;

import io.jenkins.plugins.zfsreplication.metrics.MetricsException;
import io.jenkins.plugins.zfsreplication.metrics.MetricsFile;
import io.jenkins.plugins.zfsreplication.metrics.RunMetrics;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * {@code --metrics-file FILE} (a picocli mixin): the run's metrics merged into a Prometheus
 * textfile. The file is checked before the run does anything; it is written also when the run
 * fails or throws, so that a failed night shows as one.
 */
final class MetricsOption {
    private static final String NAME = "--metrics-file";
    private static final String LABEL = "FILE";
    private static final String DESCRIPTION = "Merge this run's metrics into FILE"
            + " (Prometheus text format, for node_exporter's textfile collector; written atomically).";

    @Option(names = NAME, paramLabel = LABEL, description = DESCRIPTION)
    Path file;

    /** The option, for a command whose model is coded ({@link CodedModel}). */
    static OptionSpec option() {
        return CodedModel.option(new String[] {NAME}, LABEL, Path.class, null, DESCRIPTION);
    }

    /** The option as {@code spec}, which has {@link #option()}, was given. */
    static MetricsOption of(CommandSpec spec) {
        MetricsOption option = new MetricsOption();
        option.file = CodedModel.value(spec, NAME);
        return option;
    }

    /** What a command does, filling in its report's metrics; returns its exit status. */
    @FunctionalInterface
    interface Body {
        int run(RunMetrics metrics) throws Exception;
    }

    /**
     * Runs {@code body} and writes its metrics, success being exit status 0.
     *
     * @param badInput how the command reports a metrics file it may not write (its bad input)
     */
    int run(String command, Function<RuntimeException, Integer> badInput, Body body) throws Exception {
        if (file != null) {
            try {
                MetricsFile.checkWritable(file);
            } catch (MetricsException e) {
                return badInput.apply(e);
            }
        }
        Instant started = Instant.now();
        RunMetrics metrics = new RunMetrics(command);
        int status;
        try {
            status = body.run(metrics);
        } catch (Exception | Error e) {
            write(metrics.finish(started, Instant.now(), false));
            throw e;
        }
        write(metrics.finish(started, Instant.now(), status == 0));
        return status;
    }

    private void write(RunMetrics metrics) throws java.io.IOException {
        if (file != null) {
            MetricsFile.write(file, metrics);
        }
    }
}
