package io.jenkins.plugins.zfsreplication.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of the standalone command line. Each capability adds its subcommand to
 * {@link #commandLine()}; engine results go to stdout, logs and errors to stderr.
 */
@Command(name = "zfs-replication", mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "Plan, prune, send/recv and verify ZFS replication without Jenkins.")
public final class Main implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit status, so tests can call it in-process. */
    public static int run(String... args) {
        return commandLine().execute(args);
    }

    static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new Main());
        // subcommands, one line each
        commandLine.addSubcommand(new VerifyCommand());
        commandLine.addSubcommand(new CompareCommand());
        return commandLine;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand");
    }
}
