package io.jenkins.plugins.zfsreplication.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.jenkins.plugins.zfsreplication.check.AgeThresholds;
import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The night's configuration: {@code KEY = VALUE} lines, {@code #} comments. A key is the name of the
 * subcommands' option it stands for, without its dashes ({@code keep-target = ...} is {@code
 * prune --keep-target} and {@code run --keep-target}), so one name means one thing in a config file,
 * on the command line and in the reference; {@link #KEYS} says which stages take each. Keys the
 * night keeps for itself: {@code runs}, {@code job}, {@code verify}, {@code destroy}; the
 * {@code coverage-*} keys are the coverage subcommand's options. Checked whole
 * before anything runs: an unknown key, a key given twice that is not repeatable, a yes/no key with
 * another value is one line naming the file's line.
 *
 * @param values each key's values in file order (a repeatable key has several)
 */
record NightConfig(Path file, Map<String, List<String>> values) {
    /** How a key's value becomes arguments. */
    enum Kind { VALUE, FLAG, REPEATABLE, WORDS }

    /**
     * One key: how it is read, the option it becomes, the stages that take it, and what the night does
     * when the file does not give it.
     */
    record Key(Kind kind, String option, Set<String> stages, String byDefault) {
    }

    /** Stages of the night that take options from the file. */
    static final List<String> STAGES = List.of("plan", "prune", "run", "verify", "coverage", "check");

    /**
     * The keys and where each goes; the night's own keys have no stages. A key the night passes on
     * takes its option's kind and default from the stages' picocli models, so the file, the man page
     * and the reference cannot drift from the options they stand for.
     */
    static final Map<String, Key> KEYS = keys(Main.commandLine(CliEnvironment.modelOnly(), STAGES), routes());

    /**
     * How the night routes a key it passes on: the stages that take it (a decision of the night's,
     * not a property of the options: prune has --include, but the night's prune reads the plan, which
     * already names the datasets), and what the night does without it where the option itself has no
     * default ({@code unset}) or the night decides otherwise ({@code instead}; a {@code %s} in it is
     * the option's own default).
     */
    record Route(Set<String> stages, String unset, String instead) {
        static Route to(String... stages) {
            return new Route(Set.of(stages), null, null);
        }

        static Route unset(String withoutIt, String... stages) {
            return new Route(Set.of(stages), withoutIt, null);
        }

        static Route instead(String withoutIt, String... stages) {
            return new Route(Set.of(stages), null, withoutIt);
        }
    }

    private static Map<String, Route> routes() {
        Map<String, Route> routes = new LinkedHashMap<>();
        routes.put("recursive", Route.to("plan", "check"));
        routes.put("include", Route.unset("every dataset under the roots", "plan", "check"));
        routes.put("exclude", Route.unset("none", "plan", "check"));
        routes.put("require-property", Route.to("plan", "check"));
        routes.put("target-root", Route.unset("required", "plan", "run", "check"));
        routes.put("target-host", Route.unset("this host", "plan", "check"));
        routes.put("source-host", Route.unset("this host", "plan", "run", "check"));
        routes.put("trust-source-opt-out", Route.to("plan", "check"));
        routes.put("prefix", Route.to("plan", "prune", "run", "check"));
        routes.put("snapshot-pattern", Route.unset("none: only PREFIX-yyyyMMddTHHmmssZ", "plan", "prune", "run"));
        routes.put("pre-snapshot", Route.unset("none", "plan"));
        routes.put("post-snapshot", Route.unset("none", "plan"));
        // both: a rollback the plan names is carried out only with the run's consent too, and the run
        // keeps the copy's later snapshots aside (never destroys them), so the night's one key gives both
        routes.put("allow-rollback", Route.to("plan", "run"));
        routes.put("keep-source", Route.unset("none: no source snapshot is destroyed", "prune"));
        routes.put("keep-target", Route.unset("none: no snapshot of the copy is destroyed", "prune", "run"));
        routes.put("transport", Route.instead("%s; ssh when target-host is given", "run"));
        routes.put("ssh-option", Route.unset("none", "run"));
        routes.put("target-id", Route.unset("none: no holds", "run"));
        routes.put("concurrency", Route.to("run"));
        routes.put("compress", Route.to("run"));
        routes.put("buffer", Route.to("run"));
        routes.put("rate-limit", Route.to("run"));
        routes.put("option", Route.unset("none", "run"));
        routes.put("retries", Route.to("run"));
        routes.put("retry-delay", Route.to("run"));
        routes.put("create-parents", Route.to("run"));
        routes.put("send-decrypted", Route.to("run"));
        routes.put("hash", Route.to("verify"));
        routes.put("block-size", Route.to("verify"));
        // coverage's own options, named with the stage's name: the night reads no slice without the first
        routes.put("coverage-nights", Route.instead("off: no coverage slice", "coverage"));
        routes.put("coverage-budget", Route.unset("what keeps coverage-nights", "coverage"));
        routes.put("coverage-time-budget", Route.unset("none", "coverage"));
        routes.put("warn", Route.unset(AgeThresholds.DEFAULT_WARN, "check"));
        routes.put("crit", Route.unset(AgeThresholds.DEFAULT_CRIT, "check"));
        routes.put("metrics-file", Route.unset("none", "plan", "prune", "run", "verify", "check"));
        return routes;
    }

    /**
     * The night's keys: those it passes on, each made from its option in the stages' models
     * ({@code stages}, a command line with the subcommands of {@link #STAGES}), and its own.
     *
     * @throws IllegalStateException when a route names an option a stage does not have, the stages'
     *         options differ in kind or default, or nothing says what the night does without the key
     */
    static Map<String, Key> keys(CommandLine stages, Map<String, Route> routes) {
        Map<String, Key> keys = new LinkedHashMap<>();
        keys.put("source", new Key(Kind.WORDS, null, Set.of("plan", "check"), "required"));
        routes.forEach((name, route) -> keys.put(name, passedOn(stages, name, route)));
        keys.put("runs", new Key(Kind.VALUE, null, Set.of(), DEFAULT_RUNS));
        keys.put("job", new Key(Kind.VALUE, null, Set.of(), DEFAULT_JOB));
        keys.put("verify", new Key(Kind.VALUE, null, Set.of(), DEFAULT_VERIFY));
        keys.put("destroy", new Key(Kind.FLAG, null, Set.of(), "yes"));
        return Map.copyOf(keys);
    }

    private static Key passedOn(CommandLine stages, String name, Route route) {
        // a key is its option without the dashes; coverage's keys carry the stage's name before it
        String option = "--" + (route.stages().equals(Set.of("coverage")) && name.startsWith("coverage-")
                ? name.substring("coverage-".length()) : name);
        Kind kind = null;
        String byDefault = null;
        for (String stage : new TreeSet<>(route.stages())) {
            CommandLine command = stages.getSubcommands().get(stage);
            OptionSpec spec = command == null ? null : command.getCommandSpec().findOption(option);
            if (spec == null) {
                throw new IllegalStateException("the night's key " + name + " goes to " + stage + ", which has no " + option);
            }
            Kind its = spec.arity().max() == 0 ? Kind.FLAG : spec.isMultiValue() ? Kind.REPEATABLE : Kind.VALUE;
            String itsDefault = its == Kind.FLAG ? "no" : spec.defaultValue();
            if (kind != null && (kind != its || !Objects.equals(byDefault, itsDefault))) {
                throw new IllegalStateException("the night's key " + name + " goes to " + option + " of "
                        + String.join(" and ", new TreeSet<>(route.stages())) + ", which differ in kind or default");
            }
            kind = its;
            byDefault = itsDefault;
        }
        if (route.instead() != null) {
            return new Key(kind, option, route.stages(), String.format(route.instead(), byDefault));
        }
        if ((byDefault == null) == (route.unset() == null)) {
            throw new IllegalStateException("the night's key " + name + ": " + (byDefault == null
                    ? option + " has no default: say what the night does without it"
                    : option + " has the default " + byDefault + ", which the night's text would hide"));
        }
        return new Key(kind, option, route.stages(), byDefault != null ? byDefault : route.unset());
    }

    static final String DEFAULT_RUNS = "/var/lib/zfs-replication/runs";
    static final String DEFAULT_JOB = "night";
    /**
     * source: what works as the packaged user on one host and on two (copy hashes the copy too, which
     * on Linux mounts a clone of it: root only, and this host only).
     */
    static final String DEFAULT_VERIFY = "source";
    /** What the night verifies: tonight's snapshot on the source and its copy, compared; the source only; nothing. */
    static final List<String> VERIFY_MODES = List.of("copy", "source", "off");

    /** One line about a key: the option and stages it goes to, and what the night does without it. */
    static String describe(Key key) {
        String where = key.option() == null ? key.kind() == Kind.WORDS ? "the source datasets of plan and check"
                : "the night's own" : key.option() + " of " + String.join(", ", new TreeSet<>(key.stages()));
        return where + (key.kind() == Kind.FLAG ? " (yes or no)" : key.kind() == Kind.REPEATABLE ? " (repeatable)" : "")
                + "; default: " + key.byDefault() + ".";
    }

    /** Reads and checks {@code file}. */
    static NightConfig read(Path file) {
        String text = InputFile.readText(file, "the night's config", 1 << 20);
        Map<String, List<String>> values = new LinkedHashMap<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int equals = line.indexOf('=');
            if (equals < 0) {
                throw bad(file, i, "'%s' is not KEY = VALUE", line);
            }
            String key = line.substring(0, equals).strip();
            String value = line.substring(equals + 1).strip();
            add(file, i, values, key, value);
        }
        NightConfig config = new NightConfig(file, Map.copyOf(values));
        config.require("source");
        config.require("target-root");
        if (!VERIFY_MODES.contains(config.value("verify", DEFAULT_VERIFY))) {
            throw bad(file, -1, "verify = %s: one of %s", config.value("verify", ""), String.join(", ", VERIFY_MODES));
        }
        if (config.coverage()) {
            // the slice reads the copy here and matches it with the manifests the source's verify wrote here
            if (config.value("target-host", null) != null || config.value("source-host", null) != null
                    || config.value("verify", DEFAULT_VERIFY).equals("off")) {
                throw bad(file, -1, "coverage-nights needs the source and the copy on this host and verify = copy or"
                        + " source (the source's manifests are what the copy is matched with)");
            }
        } else if (config.values().containsKey("coverage-budget") || config.values().containsKey("coverage-time-budget")) {
            throw bad(file, -1, "coverage-budget and coverage-time-budget need coverage-nights");
        }
        return config;
    }

    private static void add(Path file, int line, Map<String, List<String>> values, String key, String value) {
        Key known = KEYS.get(key);
        if (known == null) {
            throw bad(file, line, "unknown key '%s' (keys: %s)", key, String.join(", ", new TreeSet<>(KEYS.keySet())));
        }
        if (value.isEmpty()) {
            throw bad(file, line, "'%s' has no value", key);
        }
        if (known.kind() == Kind.FLAG && !value.equals("yes") && !value.equals("no")) {
            throw bad(file, line, "%s = %s: yes or no", key, value);
        }
        if (values.containsKey(key) && known.kind() != Kind.REPEATABLE) {
            throw bad(file, line, "'%s' is given twice", key);
        }
        values.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
    }

    private void require(String key) {
        if (!values.containsKey(key)) {
            throw bad(file, -1, "'%s = ...' is missing", key);
        }
    }

    private static CliErrors.BadInputException bad(Path file, int line, String format, Object... args) {
        String where = line < 0 ? file.toString() : file + ", line " + (line + 1);
        return new CliErrors.BadInputException(TerminalText.line(where + ": " + String.format(format, args)), null);
    }

    /** The value of a single-valued key, or {@code otherwise}. */
    String value(String key, String otherwise) {
        List<String> given = values.get(key);
        return given == null ? otherwise : given.get(0);
    }

    /** Whether the night reads a coverage slice of the copy ({@code coverage-nights = N}). */
    boolean coverage() {
        return values.containsKey("coverage-nights");
    }

    boolean flag(String key, boolean otherwise) {
        List<String> given = values.get(key);
        return given == null ? otherwise : given.get(0).equals("yes");
    }

    /**
     * The arguments the file gives {@code stage}: its options in the order of their keys' names (the
     * same arguments whatever the file's order), then the source datasets where the stage takes them.
     */
    List<String> arguments(String stage) {
        List<String> arguments = new ArrayList<>();
        List<String> positional = new ArrayList<>();
        new TreeMap<>(values).forEach((name, given) -> {
            Key key = KEYS.get(name);
            if (!key.stages().contains(stage)) {
                return;
            }
            switch (key.kind()) {
                case FLAG -> {
                    if (given.get(0).equals("yes")) {
                        arguments.add(key.option());
                    }
                }
                case WORDS -> positional.addAll(List.of(given.get(0).split("\\s+")));
                case VALUE, REPEATABLE -> given.forEach(value -> {
                    arguments.add(key.option());
                    arguments.add(value);
                });
            }
        });
        arguments.addAll(positional);
        return arguments;
    }
}
