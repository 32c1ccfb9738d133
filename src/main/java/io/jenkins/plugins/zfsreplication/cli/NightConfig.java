package io.jenkins.plugins.zfsreplication.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.jenkins.plugins.zfsreplication.check.AgeThresholds;
import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;

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
     * when the file does not give it (for an option with a default, that default: a test holds them equal).
     */
    record Key(Kind kind, String option, Set<String> stages, String byDefault) {
    }

    /** Stages of the night that take options from the file. */
    static final List<String> STAGES = List.of("plan", "prune", "run", "verify", "coverage", "check");

    /** The keys and where each goes; the night's own keys have no stages. */
    static final Map<String, Key> KEYS = keys();

    private static Map<String, Key> keys() {
        Map<String, Key> keys = new LinkedHashMap<>();
        keys.put("source", new Key(Kind.WORDS, null, Set.of("plan", "check"), "required"));
        keys.put("recursive", new Key(Kind.FLAG, "--recursive", Set.of("plan", "check"), "no"));
        keys.put("include", new Key(Kind.REPEATABLE, "--include", Set.of("plan", "check"),
                "every dataset under the roots"));
        keys.put("exclude", new Key(Kind.REPEATABLE, "--exclude", Set.of("plan", "check"), "none"));
        keys.put("require-property", new Key(Kind.FLAG, "--require-property", Set.of("plan", "check"), "no"));
        keys.put("target-root", new Key(Kind.VALUE, "--target-root", Set.of("plan", "run", "check"), "required"));
        keys.put("target-host", new Key(Kind.VALUE, "--target-host", Set.of("plan", "check"), "this host"));
        keys.put("source-host", new Key(Kind.VALUE, "--source-host", Set.of("plan", "run", "check"), "this host"));
        keys.put("trust-source-opt-out", new Key(Kind.FLAG, "--trust-source-opt-out", Set.of("plan", "check"), "no"));
        keys.put("prefix", new Key(Kind.VALUE, "--prefix", Set.of("plan", "prune", "run", "check"),
                SnapshotNaming.DEFAULT_PREFIX));
        keys.put("snapshot-pattern", new Key(Kind.VALUE, "--snapshot-pattern", Set.of("plan", "prune", "run"),
                "none: only PREFIX-yyyyMMddTHHmmssZ"));
        keys.put("pre-snapshot", new Key(Kind.VALUE, "--pre-snapshot", Set.of("plan"), "none"));
        keys.put("post-snapshot", new Key(Kind.VALUE, "--post-snapshot", Set.of("plan"), "none"));
        // both: a rollback the plan names is carried out only with the run's consent too, and the run
        // keeps the copy's later snapshots aside (never destroys them), so the night's one key gives both
        keys.put("allow-rollback", new Key(Kind.FLAG, "--allow-rollback", Set.of("plan", "run"), "no"));
        keys.put("keep-source", new Key(Kind.VALUE, "--keep-source", Set.of("prune"),
                "none: no source snapshot is destroyed"));
        keys.put("keep-target", new Key(Kind.VALUE, "--keep-target", Set.of("prune", "run"),
                "none: no snapshot of the copy is destroyed"));
        keys.put("transport", new Key(Kind.VALUE, "--transport", Set.of("run"),
                "local; ssh when target-host is given"));
        keys.put("ssh-option", new Key(Kind.REPEATABLE, "--ssh-option", Set.of("run"), "none"));
        keys.put("target-id", new Key(Kind.VALUE, "--target-id", Set.of("run"), "none: no holds"));
        keys.put("concurrency", new Key(Kind.VALUE, "--concurrency", Set.of("run"), "1"));
        keys.put("compress", new Key(Kind.VALUE, "--compress", Set.of("run"), TransferOptions.DEFAULT_COMPRESSION));
        keys.put("buffer", new Key(Kind.VALUE, "--buffer", Set.of("run"), TransferOptions.DEFAULT_BUFFER_SIZE));
        keys.put("rate-limit", new Key(Kind.VALUE, "--rate-limit", Set.of("run"), TransferOptions.NO_RATE_LIMIT));
        keys.put("option", new Key(Kind.REPEATABLE, "--option", Set.of("run"), "none"));
        keys.put("retries", new Key(Kind.VALUE, "--retries", Set.of("run"), "2"));
        keys.put("retry-delay", new Key(Kind.VALUE, "--retry-delay", Set.of("run"), "30"));
        keys.put("create-parents", new Key(Kind.FLAG, "--create-parents", Set.of("run"), "no"));
        keys.put("send-decrypted", new Key(Kind.FLAG, "--send-decrypted", Set.of("run"), "no"));
        keys.put("hash", new Key(Kind.VALUE, "--hash", Set.of("verify"), VerifyOptions.DEFAULT_HASH));
        keys.put("block-size", new Key(Kind.VALUE, "--block-size", Set.of("verify"),
                VerifyOptions.DEFAULT_BLOCK_SIZE_TEXT));
        keys.put("coverage-nights", new Key(Kind.VALUE, "--nights", Set.of("coverage"), "off: no coverage slice"));
        keys.put("coverage-budget", new Key(Kind.VALUE, "--budget", Set.of("coverage"), "what keeps coverage-nights"));
        keys.put("coverage-time-budget", new Key(Kind.VALUE, "--time-budget", Set.of("coverage"), "none"));
        keys.put("warn", new Key(Kind.REPEATABLE, "--warn", Set.of("check"), AgeThresholds.DEFAULT_WARN));
        keys.put("crit", new Key(Kind.REPEATABLE, "--crit", Set.of("check"), AgeThresholds.DEFAULT_CRIT));
        keys.put("metrics-file", new Key(Kind.VALUE, "--metrics-file", Set.of("plan", "prune", "run", "verify", "check"),
                "none"));
        keys.put("runs", new Key(Kind.VALUE, null, Set.of(), DEFAULT_RUNS));
        keys.put("job", new Key(Kind.VALUE, null, Set.of(), DEFAULT_JOB));
        keys.put("verify", new Key(Kind.VALUE, null, Set.of(), DEFAULT_VERIFY));
        keys.put("destroy", new Key(Kind.FLAG, null, Set.of(), "yes"));
        return Map.copyOf(keys);
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
