package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The command line registers only the subcommand its first argument names (the start-up of a
 * verify should not pay for building the model of the twelve others): what it prints and the exit
 * status must be those of the command line with every subcommand, for help, bad options, missing
 * and surplus arguments, unknown and misspelled subcommands.
 */
class SubcommandRegistrationTest {
    /** What one run printed and returned. */
    private record Outcome(int status, String out, String err) {
    }

    @Test
    void shouldNameEverySubcommandAsItsAnnotationDoesInTheSameOrder() {
        CommandLine all = Main.commandLine(environment(new StringWriter(), new StringWriter()));
        assertThat(List.copyOf(all.getSubcommands().keySet())).containsExactlyElementsOf(Main.SUBCOMMANDS);
    }

    @Test
    void shouldRegisterOnlyTheNamedSubcommand() {
        CliEnvironment environment = environment(new StringWriter(), new StringWriter());
        assertThat(Main.commandLineFor(environment, "verify", "--no-progress", "x").getSubcommands())
                .containsOnlyKeys("verify");
        assertThat(Main.commandLineFor(environment, "audit", "verify").getSubcommands()).containsOnlyKeys("audit");
        for (String[] args : new String[][] {{}, {"--help"}, {"verfy", "x"}, {"--version", "x"}, {"-h", "verify"}}) {
            assertThat(Main.commandLineFor(environment, args).getSubcommands().keySet()).as(String.join(" ", args))
                    .containsExactlyElementsOf(Main.SUBCOMMANDS);
        }
        // the version alone needs no subcommand's model
        assertThat(Main.commandLineFor(environment, "--version").getSubcommands()).isEmpty();
        assertThat(Main.commandLineFor(environment, "-V").getSubcommands()).isEmpty();
    }

    @Test
    void shouldPrintAndExitAsWithEverySubcommand() {
        List<List<String>> cases = new ArrayList<>(List.of(
                List.of(), List.of("--help"), List.of("-h"), List.of("--version"), List.of("-V"), List.of("--version", "x"),
                List.of("verfy", "x"),
                List.of("no-such-command"), List.of("--no-such-option"), List.of("verify"),
                List.of("verify", "a", "b"), List.of("verify", "--hash", "md5", "/nonexistent"),
                List.of("verify", "--block-size", "1X", "/nonexistent"), List.of("verify", "probe", "list"),
                List.of("verify", "--help", "--no-such-option"), List.of("audit"), List.of("audit", "verify", "--help"),
                List.of("audit", "nope"), List.of("check", "--no-such-option"),
                List.of("check", "--json", "--no-such-option"), List.of("plan", "--now", "yesterday", "tank/a"),
                List.of("send", "tank/a@s", "--target", "backup/a b"), List.of("compare", "--help", "x"),
                List.of("list", "--host")));
        Main.SUBCOMMANDS.forEach(name -> Stream.of("--help", "--no-such-option", "-Z")
                .forEach(option -> cases.add(List.of(name, option))));
        SoftAssertions softly = new SoftAssertions();
        for (List<String> args : cases) {
            String[] array = args.toArray(String[]::new);
            Outcome everything = outcome(environment -> Main.commandLine(environment).execute(array));
            Outcome registered = outcome(environment -> Main.run(environment, array));
            softly.assertThat(registered).as("%s", args).isEqualTo(everything);
            softly.assertThat(everything.out() + everything.err()).as("%s printed something", args).isNotBlank();
        }
        softly.assertAll();
    }

    /** Runs {@code run} with fresh output streams and no command runner (bad input never runs one). */
    private static Outcome outcome(ToIntFunction<CliEnvironment> run) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = run.applyAsInt(environment(out, err));
        return new Outcome(status, out.toString(), err.toString());
    }

    private static CliEnvironment environment(StringWriter out, StringWriter err) {
        return new CliEnvironment(new BadInputCorpusTest.Forbidden(), new PrintWriter(out, true),
                new PrintWriter(err, true));
    }
}
