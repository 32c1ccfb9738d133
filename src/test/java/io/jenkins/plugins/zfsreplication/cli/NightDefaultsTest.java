package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every key of the night's config has its default stated where the keys are listed (the reference,
 * the example config, {@code man zfs-replication-night}), and that default is the one the option
 * really has; the night's own defaults work for the packaged user on one host and on two; a bad
 * value of any stage is refused before anything runs (no command, no runs directory).
 */
class NightDefaultsTest {
    @TempDir
    Path folder;

    @Test
    void shouldStateTheDefaultTheOptionReallyHas() {
        CommandLine top = Main.commandLine(environment());
        for (Map.Entry<String, NightConfig.Key> entry : NightConfig.KEYS.entrySet()) {
            NightConfig.Key key = entry.getValue();
            if (key.option() == null) {
                continue; // the night's own keys and the source datasets: no option to compare with
            }
            for (String stage : key.stages()) {
                OptionSpec option = top.getSubcommands().get(stage).getCommandSpec().findOption(key.option());
                assertThat(option).as("%s: %s of %s", entry.getKey(), key.option(), stage).isNotNull();
                if (entry.getKey().equals("transport")) {
                    // the night chooses ssh itself where target-host is given
                    assertThat(key.byDefault()).isEqualTo(option.defaultValue() + "; ssh when target-host is given");
                } else if (entry.getKey().equals("coverage-nights")) {
                    // without the key the night reads no slice at all; a key always has a value
                    assertThat(key.byDefault()).isEqualTo("off: no coverage slice");
                } else if (key.kind() == NightConfig.Kind.FLAG) {
                    assertThat(key.byDefault()).as(entry.getKey()).isEqualTo("no");
                } else if (option.defaultValue() != null) {
                    assertThat(key.byDefault()).as(entry.getKey()).isEqualTo(option.defaultValue());
                }
            }
        }
    }

    @Test
    void shouldListEveryKeyWithItsDefaultInTheManPageTheExampleAndTheReference() throws IOException {
        String man = ManPages.all(Main.commandLine(environment()), "test").get("zfs-replication-night.1");
        Path repository = Path.of(System.getProperty("zfsr.repo.root")).toAbsolutePath().normalize();
        String example = Files.readString(repository.resolve("offline/plugin/package/examples/night.conf"));
        String reference = Files.readString(repository.resolve("docs/reference/cli.md"));
        assertThat(man).contains(".SH CONFIGURATION\n");
        NightConfig.KEYS.forEach((name, key) -> {
            assertThat(man).as(name).contains(".TP\n\\fB" + ManPages.escape(name) + "\\fR\n"
                    + ManPages.escape(NightConfig.describe(key)) + "\n");
            assertThat(example).as(name).contains("\n# " + name + ": " + NightConfig.describe(key) + "\n");
            assertThat(reference).as(name).containsPattern("\n\\| `" + name + "` \\|[^\n]*\\| "
                    + java.util.regex.Pattern.quote(key.byDefault()) + " \\|\n");
        });
        assertThat(NightConfig.describe(NightConfig.KEYS.get("destroy")))
                .isEqualTo("the night's own (yes or no); default: yes.");
        assertThat(NightConfig.describe(NightConfig.KEYS.get("keep-target")))
                .isEqualTo("--keep-target of prune, run; default: none: no snapshot of the copy is destroyed.");
    }

    @Test
    void shouldVerifyOnlyTheSourceUnlessTheFileAsksForTheCopy() throws IOException {
        // verify = copy mounts a clone of the copy (root only) and cannot reach a copy on another host:
        // the default is what the packaged user can do on one host and on two
        Path config = folder.resolve("night.conf");
        Files.writeString(config, "source = tank/home\ntarget-root = backup/home\n");
        assertThat(NightConfig.read(config).value("verify", NightConfig.DEFAULT_VERIFY)).isEqualTo("source");
        assertThat(NightConfig.KEYS.get("verify").byDefault()).isEqualTo("source");
    }

    @Test
    void shouldRefuseABadValueOfAnyStageBeforeAnythingRuns() throws IOException {
        Path runs = folder.resolve("runs");
        String good = "source = tank/home\ntarget-root = backup/home\nruns = " + runs + "\n";
        // each is read only when its stage starts, after plan has taken tonight's snapshot
        for (String bad : List.of("keep-target = grid: 14 days", "compress = brotli", "warn = 5 parsecs",
                "buffer = lots", "option = turbo", "concurrency = 0", "hash = md5", "coverage-nights = 0")) {
            StringWriter errors = new StringWriter();
            Path config = folder.resolve("night.conf");
            Files.writeString(config, good + bad + "\n");
            int status = Main.run(new CliEnvironment(new BadInputCorpusTest.Forbidden(), new PrintWriter(new StringWriter(), true),
                    new PrintWriter(errors, true)), "night", "--config", config.toString());
            assertThat(status).as(bad + ": " + errors).isEqualTo(2);
            String key = bad.substring(0, bad.indexOf(' '));
            assertThat(errors.toString()).as(bad).startsWith("error: " + config + ": " + (key.equals("warn")
                    ? "warn/crit: " : bad + ": ")).endsWith(" (nothing ran)" + System.lineSeparator()).hasLineCount(1);
            assertThat(Files.exists(runs)).as(bad).isFalse();
        }
    }

    private static CliEnvironment environment() {
        return new CliEnvironment(new BadInputCorpusTest.Forbidden(), new PrintWriter(new StringWriter(), true),
                new PrintWriter(new StringWriter(), true));
    }
}
