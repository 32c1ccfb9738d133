package io.jenkins.plugins.zfsreplication.cli;

import io.jenkins.plugins.zfsreplication.metrics.ReportMetrics;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.metrics.RunMetrics;
import io.jenkins.plugins.zfsreplication.units.SizeException;
import io.jenkins.plugins.zfsreplication.verify.VerifyCancelledException;
import io.jenkins.plugins.zfsreplication.verify.VerifyException;
import io.jenkins.plugins.zfsreplication.verify.VerifyRun;
import io.jenkins.plugins.zfsreplication.verify.ZfsCloneMounter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code zfs-replication verify}: chunk hashes of a file, device, tree or snapshot into a manifest. */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = {"Hash a file, block device, directory tree or snapshot chunk by chunk into a checksum manifest.",
            "Exit status: 0 done, 2 bad input or failure, 130 cancelled."})
final class VerifyCommand implements Callable<Integer> {
    private final CliEnvironment environment;

    @Mixin
    private MetricsOption metricsFile;

    @Parameters(index = "0", paramLabel = "TARGET",
            description = "A file, a block device, a directory, or a snapshot pool/dataset@name.")
    String target;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the manifest here (temporary name, renamed when complete). Default: stdout.")
    Path output;

    @Option(names = "--report", paramLabel = "FILE", description = "Write verify-report.json here.")
    Path report;

    @Option(names = "--csv", paramLabel = "FILE", description = "Write the throughput samples as CSV here.")
    Path csv;

    @Option(names = "--chart", paramLabel = "FILE", description = "Write the throughput chart (SVG) here.")
    Path chart;

    @Option(names = "--progress", negatable = true,
            description = "Show a progress line on stderr. Default: when stderr is a terminal.")
    Boolean progress;

    @Option(names = "--sample-interval", paramLabel = "MS", defaultValue = VerifyRun.DEFAULT_SAMPLE_MILLIS_TEXT,
            description = "Throughput sampling interval in milliseconds. Default: ${DEFAULT-VALUE}.")
    long sampleMillis;

    @Mixin
    VerifyCliOptions parameters = new VerifyCliOptions();

    VerifyCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public Integer call() throws Exception {
        return metricsFile.run("verify", e -> CliErrors.badInput(environment, e), this::verify);
    }

    private int verify(RunMetrics metrics) {
        PrintWriter err = environment.err();
        try {
            Path path = Paths.get(target);
            boolean snapshot = target.contains("@") && !Files.exists(path);
            boolean showProgress = progress != null ? progress : System.console() != null;
            ProgressLine line = showProgress ? new ProgressLine(err, Files.isRegularFile(path) ? Files.size(path) : -1) : null;
            VerifyRun run = new VerifyRun(parameters.options(), sampleMillis, line,
                    log -> new ZfsCloneMounter(environment.localRunner(), err::println));
            VerifyRun.Outputs outputs = new VerifyRun.Outputs(output, report, csv, chart);
            VerifyRun.Result result;
            if (snapshot) {
                // SIGTERM/SIGINT: interrupt the verify and hold the JVM until its temporary clone is destroyed
                // (a leaked clone pins the snapshot against every later destroy)
                Thread verifying = Thread.currentThread();
                try (CancelOnSignal signals = new CancelOnSignal(verifying::interrupt)) {
                    result = run.run(target, Paths.get(""), outputs, environment.out(), null);
                }
            } else {
                result = run.run(target, Paths.get(""), outputs, environment.out(), null);
            }
            if (line != null) {
                line.clear();
            }
            ReportMetrics.verify(metrics, result.verified());
            result.log().forEach(entry -> err.println(TerminalText.line(entry)));
            err.println(result.summary());
            err.flush();
            return 0;
        } catch (VerifyCancelledException e) {
            err.println("cancelled: " + CliErrors.message(e));
            err.flush();
            return 130;
        } catch (VerifyException | SizeException | UncheckedIOException | java.io.IOException e) {
            return CliErrors.report(err, e, Main.BAD_INPUT);
        }
    }
}
