package io.jenkins.plugins.zfsreplication.cli;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

import io.jenkins.plugins.zfsreplication.files.InputFileException;
import io.jenkins.plugins.zfsreplication.prune.RetentionPropertyException;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.units.SizeException;
import io.jenkins.plugins.zfsreplication.verify.Verifier;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.InvalidNameException;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Entry point of the standalone command line. Each capability adds its subcommand to
 * {@link #SUBCOMMANDS} and {@link #subcommand}; results go to stdout, logs and errors to stderr.
 * Exit status: 0 done, 1 the work failed (zfs refused, a mismatch), 2 bad input; except {@code check},
 * a monitoring plugin, whose statuses are the plugin's (0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN).
 */
// scope INHERIT: every subcommand, a new one too, takes --help and --version, and its --help is
// printed before its required options are asked for
@Command(name = Main.NAME, mixinStandardHelpOptions = true, scope = CommandLine.ScopeType.INHERIT,
        versionProvider = Version.class,
        description = "Plan, prune, send/recv and verify ZFS replication without Jenkins.")
public final class Main implements Runnable {
    static final String NAME = "zfs-replication";
    static final int FAILED = 1;
    static final int BAD_INPUT = 2;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /**
     * The built-in converters picocli skips (a regular expression of type names, its system property
     * {@code picocli.converters.excludes}): it looks up java.sql's and java.time's types by
     * reflection when it makes a command line, 15-30 ms of a start, and no option here has such a
     * type but {@link Instant}, which has its converter of its own ({@link InstantConverter}).
     */
    static final String UNUSED_CONVERTERS = "java\\.sql\\..*,java\\.time\\..*";

    public static void main(String[] args) {
        if (System.getProperty("picocli.converters.excludes") == null) {
            System.setProperty("picocli.converters.excludes", UNUSED_CONVERTERS);
        }
        if (args.length > 0 && CODED.contains(args[0])) {
            // binding libc and libxxhash (jffi unpacks and loads its JNI stub, then looks up each
            // function) takes some 30 ms: on the second core while picocli parses on this one
            Thread bind = new Thread(Verifier::loadNativeLibraries, "zfsr-bind-native");
            bind.setDaemon(true);
            bind.start();
        }
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit status. */
    public static int run(String... args) {
        return run(CliEnvironment.system(), args);
    }

    static int run(CliEnvironment environment, String... args) {
        return commandLineFor(environment, args).execute(args);
    }

    /** The subcommands whose model is coded ({@link CodedModel}): those whose start is measured. */
    private static final List<String> CODED = List.of("verify", "compare");

    /**
     * The subcommands' names, in the order --help lists them; {@link #subcommand} makes each. A test
     * holds this list to the names in the subcommands' models.
     */
    static final List<String> SUBCOMMANDS = List.of("probe", "list", "plan", "prune", "verify", "compare", "send",
            "recv", "run", "audit", "check", "snapshot", "restore-drill", "coverage", "night", "status", "help");

    private static Object subcommand(String name, CliEnvironment environment) {
        switch (name) {
            case "probe": return new ProbeCommand(environment);
            case "list": return new ListCommand(environment);
            case "plan": return new PlanCommand(environment);
            case "prune": return new PruneCommand(environment);
            case "verify": return VerifyCommand.spec(environment, CodedModel.StandardHelp.INHERITED);
            case "compare": return CompareCommand.spec(environment, CodedModel.StandardHelp.INHERITED);
            case "send": return new SendCommand(environment);
            case "recv": return new RecvCommand(environment);
            case "run": return new RunCommand(environment);
            case "audit": return new AuditCommand(environment);
            case "check": return new CheckCommand(environment);
            case "snapshot": return new SnapshotCommand(environment);
            case "restore-drill": return new RestoreDrillCommand(environment);
            case "coverage": return new CoverageCommand(environment);
            case "night": return new NightCommand(environment);
            case "status": return new StatusCommand(environment);
            case "help": return new HelpCommand();
            default: throw new IllegalArgumentException(name);
        }
    }

    /**
     * The command line for {@code args}: with only the subcommand that {@code args[0]} names when it
     * names one, else with all of them. picocli builds the model of a subcommand (its annotations,
     * read by reflection) when it is added, which for all of them was most of the start-up of a
     * one-file verify (about 0.3 s of 0.56 s). A subcommand's parsing, help and errors involve only
     * itself, so the output is the same; --help, no arguments and a misspelled name (whose
     * suggestions list the subcommands) and {@code help COMMAND} still see all. {@code --version}
     * alone sees none: it prints the version and the archive the JVM started from (which the
     * launcher's users check), and building every model first tripled its time.
     */
    static CommandLine commandLineFor(CliEnvironment environment, String... args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            return commandLine(environment, List.of());
        }
        boolean one = args.length > 0 && SUBCOMMANDS.contains(args[0]) && !args[0].equals("help");
        if (one && CODED.contains(args[0])) {
            // a coded command under a bare root: this class's annotations would be read by reflection
            // for nothing the command uses (it has its own --help and --version)
            CommandLine root = new CommandLine(CommandSpec.create().name(NAME));
            root.addSubcommand(args[0].equals("verify") ? VerifyCommand.spec(environment, CodedModel.StandardHelp.OWN)
                    : CompareCommand.spec(environment, CodedModel.StandardHelp.OWN));
            return configured(root, environment);
        }
        return commandLine(environment, one ? List.of(args[0]) : SUBCOMMANDS);
    }

    /** The command line with every subcommand. */
    static CommandLine commandLine(CliEnvironment environment) {
        return commandLine(environment, SUBCOMMANDS);
    }

    /** The command line with the subcommands named {@code subcommands} (of {@link #SUBCOMMANDS}). */
    static CommandLine commandLine(CliEnvironment environment, List<String> subcommands) {
        CommandLine commandLine = new CommandLine(new Main());
        // subcommands first: the settings below apply to those present
        for (String name : subcommands) {
            commandLine.addSubcommand(subcommand(name, environment));
        }
        return configured(commandLine, environment);
    }

    /**
     * {@code commandLine}, its subcommands added, writing to the environment, with this command
     * line's converters and errors.
     */
    private static CommandLine configured(CommandLine commandLine, CliEnvironment environment) {
        commandLine.setOut(environment.out());
        commandLine.setErr(environment.err());
        // classes, not lambdas: picocli's interfaces are in Java 5's class file format, and a lambda
        // implementing one makes the class-data dump link that interface, which leaves it out of the
        // launcher's archive (an old class, once linked, cannot be archived) together with every
        // class implementing it: picocli's 30 built-in converters, loaded from the jar at each start
        commandLine.registerConverter(DatasetName.class, new DatasetNameConverter());
        commandLine.registerConverter(Instant.class, new InstantConverter());
        commandLine.setParameterExceptionHandler(new BadUsage(environment));
        commandLine.setExecutionExceptionHandler(new Failure(environment));
        return commandLine;
    }

    /**
     * Bad usage is one line, like every other error: the usage text is one --help away, and a
     * script's log or a terminal at 3 a.m. shows the problem, not forty lines of options.
     */
    private static final class BadUsage implements CommandLine.IParameterExceptionHandler {
        private final CliEnvironment environment;

        BadUsage(CliEnvironment environment) {
            this.environment = environment;
        }

        @Override
        public int handleParseException(CommandLine.ParameterException exception, String[] args) {
            return isCheck(exception.getCommandLine())
                    ? CheckCommand.unknown(environment, List.of(args).contains("--json"), exception.getMessage())
                    : CliErrors.report(environment.err(), new IllegalArgumentException(exception.getMessage() + " (see '"
                            + exception.getCommandLine().getCommandSpec().qualifiedName() + " --help')"), BAD_INPUT);
        }
    }

    /** A subcommand's exception: one line, exit status 2 for bad input, else 1 (check: its UNKNOWN). */
    private static final class Failure implements CommandLine.IExecutionExceptionHandler {
        private final CliEnvironment environment;

        Failure(CliEnvironment environment) {
            this.environment = environment;
        }

        @Override
        public int handleExecutionException(Exception exception, CommandLine line, CommandLine.ParseResult parsed) {
            if (isCheck(line)) {
                return CheckCommand.unknown(environment, line.getParseResult().hasMatchedOption("--json"),
                        CliErrors.message(exception));
            }
            return CliErrors.report(line.getErr(), exception, isBadInput(exception) ? BAD_INPUT : FAILED);
        }
    }

    private static final class DatasetNameConverter implements CommandLine.ITypeConverter<DatasetName> {
        @Override
        public DatasetName convert(String name) {
            return datasetName(name);
        }
    }

    private static final class InstantConverter implements CommandLine.ITypeConverter<Instant> {
        @Override
        public Instant convert(String text) {
            return instant(text);
        }
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
