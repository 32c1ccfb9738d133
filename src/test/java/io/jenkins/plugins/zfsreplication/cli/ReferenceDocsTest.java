package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The generated reference in docs/reference is what {@link ReferenceDocs} makes of the code now, and
 * the command line and the Pipeline steps do not drift apart: docs/reference/counterparts.md pairs
 * every step parameter with its command-line option, or says why it has none, and every option of
 * the paired commands likewise; a parameter or option added on one side only fails here until that
 * table says what it is. {@code -Dzfsr.write-reference=true} rewrites cli.md and steps.md.
 */
class ReferenceDocsTest {
    /** One row of counterparts.md. */
    record Row(String step, String parameter, String command, String option, String reason) {
    }

    private static final Path REFERENCE = Path.of(System.getProperty("zfsr.repo.root", "../.."), "docs", "reference");

    @Test
    void shouldHaveTheGeneratedReferenceInDocs() throws IOException {
        Map<String, String> generated = Map.of("cli.md", ReferenceDocs.cli(), "steps.md", ReferenceDocs.steps());
        for (Map.Entry<String, String> page : generated.entrySet()) {
            Path file = REFERENCE.resolve(page.getKey());
            if (Boolean.getBoolean("zfsr.write-reference")) {
                Files.createDirectories(REFERENCE);
                Files.writeString(file, page.getValue());
            }
            assertThat(Files.exists(file) ? Files.readString(file) : "").as("%s is generated: run ReferenceDocsTest with"
                    + " -Dzfsr.write-reference=true and commit it", file).isEqualTo(page.getValue());
        }
    }

    @Test
    void shouldPairEveryStepParameterAndEveryOptionOrSayWhyNot() throws IOException {
        List<Row> rows = rows(Files.readString(REFERENCE.resolve("counterparts.md")));
        Set<String> stated = new TreeSet<>();
        for (Row row : rows) {
            if (!row.step().isEmpty()) {
                stated.add(row.step() + " " + row.parameter());
            }
            if (!row.command().isEmpty()) {
                stated.add(row.command() + " " + row.option());
            }
            assertThat(row.reason().isEmpty()).as("%s: a pair, or one side and a reason", row)
                    .isEqualTo(!row.step().isEmpty() && !row.command().isEmpty());
        }
        Set<String> actual = new TreeSet<>();
        for (ReferenceDocs.Step step : ReferenceDocs.steps(getClass().getClassLoader())) {
            step.parameters().forEach(p -> actual.add(step.symbol() + " " + p.name()));
        }
        commands().forEach((command, options) -> options.forEach(option -> actual.add(command + " " + option)));
        assertThat(stated).as("counterparts.md names only what exists").isSubsetOf(actual);
        assertThat(actual).as("every step parameter and option of a paired command is in counterparts.md")
                .isSubsetOf(stated);
    }

    /** Each command a step stands for, with its options' longest names and its positional parameters' labels. */
    static Map<String, Set<String>> commands() {
        Map<String, Set<String>> commands = new TreeMap<>();
        CommandLine model = PackageFiles.model();
        for (String name : List.of("plan", "prune", "run", "verify", "compare", "check", "restore-drill", "coverage")) {
            Set<String> options = new LinkedHashSet<>();
            CommandLine line = model.getSubcommands().get(name);
            line.getCommandSpec().positionalParameters().forEach(p -> options.add(p.paramLabel()));
            for (OptionSpec option : line.getCommandSpec().options()) {
                if (!option.usageHelp() && !option.versionHelp()) {
                    options.add(option.longestName());
                }
            }
            commands.put(name, options);
        }
        return commands;
    }

    /** The rows of the markdown table: | step | parameter | command | option | reason |, code spans unquoted. */
    static List<Row> rows(String markdown) {
        List<Row> rows = new ArrayList<>();
        for (String line : markdown.lines().toList()) {
            if (!line.startsWith("| ") || line.startsWith("| step ") || line.startsWith("| ---")) {
                continue;
            }
            String[] cells = line.substring(1, line.length() - 1).split(" \\| ", -1);
            assertThat(cells).as(line).hasSize(5);
            String[] clean = new String[5];
            for (int i = 0; i < 5; i++) {
                clean[i] = cells[i].strip().replace("`", "");
            }
            rows.add(new Row(clean[0], clean[1], clean[2], clean[3], clean[4]));
        }
        return rows;
    }
}
