package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

/**
 * The command line's process skips picocli's built-in converters of the types {@link Main#UNUSED_CONVERTERS}
 * names: no option or parameter of any command may have such a type, but {@link Instant}, whose
 * converter is the command line's own. An option of java.time.Duration, say, would parse in every
 * in-process test and fail only where it counts, in the installed command.
 */
class UnusedConvertersTest {
    @Test
    void shouldHaveNoOptionOfATypeWhoseConverterIsSkipped() {
        List<Pattern> skipped = Stream.of(Main.UNUSED_CONVERTERS.split(",")).map(Pattern::compile).toList();
        List<String> found = new ArrayList<>();
        collect(Main.commandLine(new CliEnvironment(new BadInputCorpusTest.Forbidden(),
                new PrintWriter(new StringWriter(), true), new PrintWriter(new StringWriter(), true))), skipped, found);
        assertThat(found).isEmpty();
        assertThat(skipped.stream().anyMatch(p -> p.matcher("java.time.Duration").matches())
                && skipped.stream().anyMatch(p -> p.matcher("java.sql.Timestamp").matches())
                && skipped.stream().noneMatch(p -> p.matcher("java.nio.file.Path").matches()))
                .as("the expression skips what it says, and not Path").isTrue();
    }

    @Test
    void shouldParseAnInstantWithTheConvertersSkipped() {
        String before = System.getProperty("picocli.converters.excludes");
        System.setProperty("picocli.converters.excludes", Main.UNUSED_CONVERTERS);
        try {
            StringWriter err = new StringWriter();
            int status = Main.run(new CliEnvironment(new BadInputCorpusTest.Forbidden(), new PrintWriter(
                    new StringWriter(), true), new PrintWriter(err, true)), "plan", "--now", "not-a-time", "--target-root",
                    "backup/copy", "tank/home");
            assertThat(err.toString()).isEqualTo("error: Invalid value for option '--now': 'not-a-time' is not an ISO-8601"
                    + " instant such as 2026-11-29T02:00:00Z (see 'zfs-replication plan --help')" + System.lineSeparator());
            assertThat(status).isEqualTo(Main.BAD_INPUT);
        } finally {
            if (before == null) {
                System.clearProperty("picocli.converters.excludes");
            } else {
                System.setProperty("picocli.converters.excludes", before);
            }
        }
    }

    private static void collect(CommandLine line, List<Pattern> skipped, List<String> found) {
        List<ArgSpec> arguments = new ArrayList<>(line.getCommandSpec().options());
        arguments.addAll(line.getCommandSpec().positionalParameters());
        for (ArgSpec argument : arguments) {
            List<Class<?>> types = new ArrayList<>(List.of(argument.auxiliaryTypes()));
            types.add(argument.type());
            for (Class<?> type : types) {
                if (type != Instant.class && skipped.stream().anyMatch(p -> p.matcher(type.getName()).matches())) {
                    found.add(line.getCommandSpec().qualifiedName() + " " + argument.paramLabel() + ": " + type.getName());
                }
            }
        }
        line.getSubcommands().values().forEach(sub -> collect(sub, skipped, found));
    }
}
