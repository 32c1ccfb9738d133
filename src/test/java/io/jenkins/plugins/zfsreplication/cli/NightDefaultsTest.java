package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

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
    void shouldTakeEachKeysKindAndDefaultFromItsOption() {
        assertThat(NightConfig.KEYS.keySet()).containsExactlyInAnyOrder("source", "recursive", "include", "exclude",
                "require-property", "target-root", "target-host", "source-host", "trust-source-opt-out", "prefix",
                "snapshot-pattern", "pre-snapshot", "post-snapshot", "allow-rollback", "keep-source", "keep-target",
                "transport", "ssh-option", "target-id", "concurrency", "compress", "buffer", "rate-limit", "option",
                "retries", "retry-delay", "create-parents", "send-decrypted", "hash", "block-size", "coverage-nights",
                "coverage-budget", "coverage-time-budget", "warn", "crit", "metrics-file", "runs", "job", "verify",
                "destroy");
        assertThat(NightConfig.KEYS).containsEntry("keep-target", new NightConfig.Key(NightConfig.Kind.VALUE,
                        "--keep-target", Set.of("prune", "run"), "none: no snapshot of the copy is destroyed"))
                .containsEntry("compress", new NightConfig.Key(NightConfig.Kind.VALUE, "--compress", Set.of("run"), "none"))
                .containsEntry("buffer", new NightConfig.Key(NightConfig.Kind.VALUE, "--buffer", Set.of("run"), "64M"))
                .containsEntry("retry-delay", new NightConfig.Key(NightConfig.Kind.VALUE, "--retry-delay", Set.of("run"), "30"))
                .containsEntry("hash", new NightConfig.Key(NightConfig.Kind.VALUE, "--hash", Set.of("verify"), "xxh64"))
                .containsEntry("block-size", new NightConfig.Key(NightConfig.Kind.VALUE, "--block-size", Set.of("verify"), "1M"))
                .containsEntry("prefix", new NightConfig.Key(NightConfig.Kind.VALUE, "--prefix",
                        Set.of("plan", "prune", "run", "check"), "zr"))
                .containsEntry("recursive", new NightConfig.Key(NightConfig.Kind.FLAG, "--recursive", Set.of("plan", "check"), "no"))
                .containsEntry("include", new NightConfig.Key(NightConfig.Kind.REPEATABLE, "--include",
                        Set.of("plan", "check"), "every dataset under the roots"))
                .containsEntry("option", new NightConfig.Key(NightConfig.Kind.REPEATABLE, "--option", Set.of("run"), "none"))
                .containsEntry("warn", new NightConfig.Key(NightConfig.Kind.REPEATABLE, "--warn", Set.of("check"), "26h"))
                .containsEntry("transport", new NightConfig.Key(NightConfig.Kind.VALUE, "--transport", Set.of("run"),
                        "local; ssh when target-host is given"))
                .containsEntry("coverage-nights", new NightConfig.Key(NightConfig.Kind.VALUE, "--nights",
                        Set.of("coverage"), "off: no coverage slice"))
                .containsEntry("coverage-budget", new NightConfig.Key(NightConfig.Kind.VALUE, "--budget",
                        Set.of("coverage"), "what keeps coverage-nights"));
        // and every option a key names is one its stages really have
        CommandLine top = Main.commandLine(environment());
        NightConfig.KEYS.forEach((name, key) -> key.stages().stream().filter(stage -> key.option() != null).forEach(stage ->
                assertThat(top.getSubcommands().get(stage).getCommandSpec().findOption(key.option()))
                        .as("%s: %s of %s", name, key.option(), stage).isNotNull()));
    }

    @Test
    void shouldRefuseARouteTheStagesOptionsDoNotBear() {
        CommandLine stages = Main.commandLine(environment(), NightConfig.STAGES);
        assertThatIllegalStateException()
                .isThrownBy(() -> NightConfig.keys(stages, Map.of("target-id", NightConfig.Route.unset("none", "prune"))))
                .withMessage("the night's key target-id goes to prune, which has no --target-id");
        // plan's --now has no default, prune's is the wall clock: one key cannot mean both
        assertThatIllegalStateException()
                .isThrownBy(() -> NightConfig.keys(stages, Map.of("now", NightConfig.Route.unset("now", "plan", "prune"))))
                .withMessage("the night's key now goes to --now of plan and prune, which differ in kind or default");
        assertThatIllegalStateException()
                .isThrownBy(() -> NightConfig.keys(stages, Map.of("compress", NightConfig.Route.unset("none", "run"))))
                .withMessage("the night's key compress: --compress has the default none, which the night's text would hide");
        assertThatIllegalStateException()
                .isThrownBy(() -> NightConfig.keys(stages, Map.of("target-id", NightConfig.Route.to("run"))))
                .withMessage("the night's key target-id: --target-id has no default: say what the night does without it");
        assertThat(NightConfig.keys(stages, Map.of("target-id", NightConfig.Route.unset("none", "run"))))
                .containsEntry("target-id", new NightConfig.Key(NightConfig.Kind.VALUE, "--target-id", Set.of("run"), "none"));
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
