package io.jenkins.plugins.zfsreplication.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code zfs-replication help [COMMAND...]}: the usage of the command the names lead to, nested ones
 * too ({@code help audit verify}); picocli's own help command follows only the first name.
 */
@Command(name = "help", helpCommand = true, description = "Show the usage of a command: help plan, help audit verify.")
final class HelpCommand implements CommandLine.IHelpCommandInitializable2, Runnable {
    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "The command, and its subcommand.")
    private List<String> names = new ArrayList<>();

    private CommandLine parent;
    private PrintWriter out;

    @Override
    public void init(CommandLine helpCommandLine, CommandLine.Help.ColorScheme colorScheme, PrintWriter out,
            PrintWriter err) {
        this.parent = helpCommandLine.getParent();
        this.out = out;
    }

    @Override
    public void run() {
        CommandLine line = parent;
        for (String name : names) {
            CommandLine sub = line.getSubcommands().get(name);
            if (sub == null) {
                throw new CommandLine.ParameterException(line, "Unknown subcommand '" + name + "' of '"
                        + line.getCommandSpec().qualifiedName() + "'");
            }
            line = sub;
        }
        out.print(line.getUsageMessage());
        out.flush();
    }
}
