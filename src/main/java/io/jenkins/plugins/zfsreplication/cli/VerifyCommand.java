package io.jenkins.plugins.zfsreplication.cli;

import io.jenkins.plugins.zfsreplication.metrics.ReportMetrics;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.metrics.RunMetrics;
import io.jenkins.plugins.zfsreplication.units.SizeException;
import io.jenkins.plugins.zfsreplication.verify.VerifyCancelledException;
import io.jenkins.plugins.zfsreplication.verify.VerifyException;
import io.jenkins.plugins.zfsreplication.verify.VerifyRun;
import io.jenkins.plugins.zfsreplication.verify.Since;
import io.jenkins.plugins.zfsreplication.verify.ZfsCloneMounter;
import io.jenkins.plugins.zfsreplication.verify.ZfsChanges;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code zfs-replication verify}: chunk hashes of a file, device, tree or snapshot into a manifest.
 * Its model is coded ({@link CodedModel}): verify is the command whose start is measured.
 */
final class VerifyCommand implements Callable<Integer> {
    /** A verify cancelled by a signal (the shell's 128 + SIGINT). */
    private static final int CANCELLED = 130;
    private final CliEnvironment environment;
    private CommandSpec spec;

    private VerifyCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    /** verify's model, with a new command as its user object. */
    static CommandSpec spec(CliEnvironment environment, CodedModel.StandardHelp help) {
        VerifyCommand command = new VerifyCommand(environment);
        CommandSpec spec = CodedModel.command(command, "verify", help,
                "Hash a file, block device, directory tree or snapshot chunk by chunk into a checksum manifest.",
                "Exit status: 0 done, 2 bad input or failure, 130 cancelled.");
        spec.addOption(MetricsOption.option());
        spec.addPositional(CodedModel.positional(0, "TARGET", String.class,
                "A file, a block device, a directory, or a snapshot pool/dataset@name."));
        spec.addOption(CodedModel.option(new String[] {"-o", "--output"}, "FILE", Path.class, null,
                "Write the manifest here (temporary name, renamed when complete). Default: stdout."));
        spec.addOption(CodedModel.option(new String[] {"--report"}, "FILE", Path.class, null,
                "Write verify-report.json here."));
        spec.addOption(CodedModel.option(new String[] {"--csv"}, "FILE", Path.class, null,
                "Write the throughput samples as CSV here."));
        spec.addOption(CodedModel.option(new String[] {"--chart"}, "FILE", Path.class, null,
                "Write the throughput chart (SVG) here."));
        spec.addOption(OptionSpec.builder("--progress").negatable(true).type(Boolean.class)
                .description("Show a progress line on stderr. Default: when stderr is a terminal.").build());
        spec.addOption(CodedModel.option(new String[] {"--sample-interval"}, "MS", long.class,
                VerifyRun.DEFAULT_SAMPLE_MILLIS_TEXT,
                "Throughput sampling interval in milliseconds. Default: ${DEFAULT-VALUE}."));
        VerifyCliOptions.addTo(spec);
        spec.addOption(CodedModel.option(new String[] {"--since"}, "SNAPSHOT", String.class, null,
                "Incremental verify: an earlier snapshot of the same dataset, verified before into"
                + " --since-manifest. Only files zfs diff lists as changed are read again, and of a volume or a"
                + " large file written in place only the chunks zfs send -i changed; the manifest is the same as"
                + " a full verify's. Where changes cannot be listed (no zfs diff, not mounted, the earlier"
                + " snapshot gone, other chunking, a changed hard link), everything is read and the log says why."));
        spec.addOption(CodedModel.option(new String[] {"--since-manifest"}, "FILE", Path.class, null,
                "The manifest verify wrote of the --since snapshot."));
        command.spec = spec;
        return spec;
    }

    @Override
    public Integer call() throws Exception {
        return MetricsOption.of(spec).run("verify", e -> CliErrors.badInput(environment, e), this::verify);
    }

    private int verify(RunMetrics metrics) {
        PrintWriter err = environment.err();
        String target = CodedModel.value(spec, "TARGET");
        Boolean progress = CodedModel.value(spec, "--progress");
        String since = CodedModel.value(spec, "--since");
        Path sinceManifest = CodedModel.value(spec, "--since-manifest");
        try {
            Path path = Paths.get(target);
            boolean snapshot = target.contains("@") && !Files.exists(path);
            boolean showProgress = progress != null ? progress : System.console() != null;
            ProgressLine line = showProgress ? new ProgressLine(err, Files.isRegularFile(path) ? Files.size(path) : -1) : null;
            if ((since == null) != (sinceManifest == null)) {
                throw new VerifyException("--since and --since-manifest go together: the earlier snapshot and the"
                        + " manifest verify wrote of it");
            }
            Since earlier = since == null ? null : new Since(since, sinceManifest);
            long sampleMillis = CodedModel.value(spec, "--sample-interval");
            VerifyRun run = new VerifyRun(VerifyCliOptions.options(spec), sampleMillis, line,
                    log -> new ZfsCloneMounter(environment.localRunner(), err::println),
                    log -> new ZfsChanges(environment.localRunner(), err::println));
            VerifyRun.Outputs outputs = new VerifyRun.Outputs(CodedModel.value(spec, "--output"),
                    CodedModel.value(spec, "--report"), CodedModel.value(spec, "--csv"), CodedModel.value(spec, "--chart"));
            VerifyRun.Result result;
            if (snapshot) {
                // SIGTERM/SIGINT: interrupt the verify and hold the JVM until its temporary clone is destroyed
                // (a leaked clone pins the snapshot against every later destroy)
                Thread verifying = Thread.currentThread();
                try (CancelOnSignal signals = new CancelOnSignal(verifying::interrupt)) {
                    result = run.run(target, Paths.get(""), outputs, environment.out(), null, earlier);
                }
            } else {
                result = run.run(target, Paths.get(""), outputs, environment.out(), null, earlier);
            }
            if (line != null) {
                line.clear();
            }
            result.log().forEach(entry -> err.println(TerminalText.line(entry)));
            err.println(result.summary());
            err.flush();
            if (result.verified().cancelled() != null) {
                return CANCELLED; // the report and chart say how far it got; there is no manifest
            }
            ReportMetrics.verify(metrics, result.verified());
            return 0;
        } catch (VerifyCancelledException e) {
            err.println("cancelled: " + CliErrors.message(e));
            err.flush();
            return CANCELLED;
        } catch (VerifyException | SizeException | UncheckedIOException | java.io.IOException e) {
            return CliErrors.report(err, e, Main.BAD_INPUT);
        } catch (java.nio.file.InvalidPathException e) {
            // Java decodes the arguments with the locale's charset before main() runs: under a C or
            // POSIX locale a non-ASCII name arrives with its bytes already replaced, so it cannot be
            // opened, only explained
            return CliErrors.report(err, new VerifyException(e, "'%s' is not a name this JVM can open (%s): under the"
                    + " locale's charset (%s) non-ASCII names given as arguments are lost; run with a UTF-8 locale,"
                    + " e.g. LC_ALL=C.UTF-8", e.getInput(), e.getReason(), System.getProperty("sun.jnu.encoding")),
                    Main.BAD_INPUT);
        }
    }
}
