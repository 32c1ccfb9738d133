package io.jenkins.plugins.zfsreplication.cli;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

import io.jenkins.plugins.zfsreplication.files.InputFileException;
import io.jenkins.plugins.zfsreplication.prune.RetentionPropertyException;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.units.SizeException;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.InvalidNameException;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of the standalone command line. Each capability adds its subcommand to
 * {@link #commandLine(CliEnvironment)}; results go to stdout, logs and errors to stderr.
 * Exit status: 0 done, 1 the work failed (zfs refused, a mismatch), 2 bad input; except {@code check},
 * a monitoring plugin, whose statuses are the plugin's (0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN).
 */
@Command(name = "zfs-replication", mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "Plan, prune, send/recv and verify ZFS replication without Jenkins.")
public final class Main implements Runnable {
    static final int FAILED = 1;
    static final int BAD_INPUT = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit status. */
    public static int run(String... args) {
        return run(CliEnvironment.system(), args);
    }

    static int run(CliEnvironment environment, String... args) {
        return commandLine(environment).execute(args);
    }

    static CommandLine commandLine(CliEnvironment environment) {
        CommandLine commandLine = new CommandLine(new Main());
        // subcommands, one line each; before the settings below, which apply to those present
        commandLine.addSubcommand(new ProbeCommand(environment));
        commandLine.addSubcommand(new ListCommand(environment));
        commandLine.addSubcommand(new PlanCommand(environment));
        commandLine.addSubcommand(new PruneCommand(environment));
        commandLine.addSubcommand(new VerifyCommand(environment));
        commandLine.addSubcommand(new CompareCommand(environment));
        commandLine.addSubcommand(new SendCommand(environment));
        commandLine.addSubcommand(new RecvCommand(environment));
        commandLine.addSubcommand(new RunCommand(environment));
        commandLine.addSubcommand(new AuditCommand(environment));
        commandLine.addSubcommand(new CheckCommand(environment));
        commandLine.addSubcommand(new SnapshotCommand(environment));
        commandLine.addSubcommand(new RestoreDrillCommand(environment));
        commandLine.setOut(environment.out());
        commandLine.setErr(environment.err());
        commandLine.registerConverter(DatasetName.class, Main::datasetName);
        commandLine.registerConverter(Instant.class, Main::instant);
        // bad usage is one line, like every other error: the usage text is one --help away, and a
        // script's log or a terminal at 3 a.m. shows the problem, not forty lines of options
        commandLine.setParameterExceptionHandler((exception, args) -> isCheck(exception.getCommandLine())
                ? CheckCommand.unknown(environment, List.of(args).contains("--json"), exception.getMessage())
                : CliErrors.report(environment.err(), new IllegalArgumentException(exception.getMessage() + " (see '"
                        + exception.getCommandLine().getCommandSpec().qualifiedName() + " --help')"), BAD_INPUT));
        commandLine.setExecutionExceptionHandler((exception, line, parsed) -> {
            if (isCheck(line)) {
                return CheckCommand.unknown(environment, line.getParseResult().hasMatchedOption("--json"),
                        CliErrors.message(exception));
            }
            return CliErrors.report(line.getErr(), exception, isBadInput(exception) ? BAD_INPUT : FAILED);
        });
        return commandLine;
    }

    /** Problems with what the caller gave, wherever they surface: exit status 2, not 1. */
    private static boolean isBadInput(Exception exception) {
        return exception instanceof CliErrors.BadInputException || exception instanceof InvalidNameException
                || exception instanceof InputFileException || exception instanceof SizeException
                // a dataset's zfs-replication:keep-* property that is not rules, found after the listing
                || exception instanceof RetentionPropertyException;
    }

    /** The check's exit statuses are a monitoring plugin's: its bad input is UNKNOWN (3), not 2. */
    private static boolean isCheck(CommandLine line) {
        return line != null && line.getCommand() instanceof CheckCommand;
    }

    private static DatasetName datasetName(String name) {
        try {
            return DatasetName.of(name);
        } catch (ZfsException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }

    private static Instant instant(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new CommandLine.TypeConversionException(String.format(
                    "'%s' is not an ISO-8601 instant such as 2026-11-29T02:00:00Z", TerminalText.line(text)));
        }
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand");
    }
}
