package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code --help}, {@code -h} and {@code help COMMAND} print the usage of every command in the model,
 * whatever its required options and parameters, and exit 0. The commands are found by walking the
 * picocli model, so a new subcommand (or sub-subcommand) is covered without touching this test. The
 * oracle is picocli's own rendering of each command's usage from the model.
 */
class HelpEveryCommandTest {
    /** What one run printed and returned. */
    private record Outcome(int status, String out, String err) {
    }

    @Test
    void shouldPrintTheUsageOfEveryCommandForHelpOptionsAndTheHelpCommand() {
        List<List<String>> paths = new ArrayList<>();
        collect(Main.commandLine(environment(new StringWriter(), new StringWriter())), new ArrayList<>(), paths);
        assertThat(paths).as("every subcommand and audit's two").hasSizeGreaterThanOrEqualTo(Main.SUBCOMMANDS.size() + 2);
        SoftAssertions softly = new SoftAssertions();
        for (List<String> path : paths) {
            String usage = usage(path);
            softly.assertThat(usage).as("%s usage", path).startsWith("Usage: zfs-replication" + names(path));
            for (String option : List.of("--help", "-h")) {
                List<String> args = new ArrayList<>(path);
                args.add(option);
                softly.assertThat(run(args)).as("%s", args).isEqualTo(new Outcome(0, usage, ""));
            }
            if (!path.isEmpty() && !path.get(0).equals("help")) {
                List<String> args = new ArrayList<>(List.of("help"));
                args.addAll(path);
                softly.assertThat(run(args)).as("%s", args).isEqualTo(new Outcome(0, usage, ""));
            }
        }
        softly.assertAll();
    }

    @Test
    void shouldNameAnUnknownCommandInOneLine() {
        assertThat(run(List.of("help", "audit", "nope"))).isEqualTo(new Outcome(Main.BAD_INPUT, "",
                "error: Unknown subcommand 'nope' of 'zfs-replication audit' (see 'zfs-replication audit --help')"
                        + System.lineSeparator()));
    }

    @Test
    void shouldStillAskForARequiredOptionWithoutHelp() {
        Outcome outcome = run(List.of("plan", "tank/home"));
        assertThat(outcome.status()).isEqualTo(Main.BAD_INPUT);
        assertThat(outcome.err()).isEqualTo("error: Missing required option: '--target-root=DATASET' (see 'zfs-replication plan"
                + " --help')" + System.lineSeparator());
    }

    private static void collect(CommandLine line, List<String> path, List<List<String>> paths) {
        paths.add(List.copyOf(path));
        line.getSubcommands().forEach((name, sub) -> {
            List<String> deeper = new ArrayList<>(path);
            deeper.add(name);
            collect(sub, deeper, paths);
        });
    }

    /** The usage picocli renders from the model of the command at {@code path}. */
    private static String usage(List<String> path) {
        CommandLine line = Main.commandLine(environment(new StringWriter(), new StringWriter()));
        for (String name : path) {
            line = line.getSubcommands().get(name);
        }
        return line.getUsageMessage();
    }

    private static String names(List<String> path) {
        return path.isEmpty() ? "" : " " + String.join(" ", path);
    }

    private static Outcome run(List<String> args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(environment(out, err), args.toArray(String[]::new));
        return new Outcome(status, out.toString(), err.toString());
    }

    private static CliEnvironment environment(StringWriter out, StringWriter err) {
        return new CliEnvironment(new BadInputCorpusTest.Forbidden(), new PrintWriter(out, true),
                new PrintWriter(err, true));
    }
}
