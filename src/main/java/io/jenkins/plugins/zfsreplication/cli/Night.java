package io.jenkins.plugins.zfsreplication.cli;

import io.jenkins.plugins.zfsreplication.topology.Carriage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import picocli.CommandLine;

/**
 * One night: the subcommands a nightly script would run, in this process, each with the arguments
 * the config file gives it, into one run directory: plan with tonight's snapshot, prune, run,
 * verify, coverage (with {@code coverage-nights}), check, then night.json and audit record. Each
 * stage is the subcommand itself (same engine entry points, same artifacts, same exit statuses); a
 * failed stage stops the ones that depend on it, check and the audit record always run, so a
 * failed night is in the chain too. A prune whose only failures are destroys zfs refused (each
 * named in prune-report.json) stops no send: those datasets need attention, every dataset is sent.
 */
final class Night {
    /** Exit statuses of the night (see {@link NightCommand}). */
    static final int OK = 0;
    static final int ATTENTION = 3;
    static final int LOCKED = 75;

    /** One stage as it ended. */
    record Stage(String name, int status, Duration took, String note) {
    }

    /**
     * How a stage's subcommand is run: {@link Main#run}, in this process. The long simulation runs
     * the night's own stages on simulated hosts, and its transfer through a simulated stream.
     */
    @FunctionalInterface
    interface StageRunner {
        int run(String name, CliEnvironment where, String[] arguments);
    }

    private final CliEnvironment environment;
    private final NightConfig config;
    private final Path dir;
    private final Path previous;
    private final Instant now;
    private final boolean dryRun;
    private final StageRunner runner;
    private final List<Stage> stages = new ArrayList<>();
    /** Every dataset of the selection and how it came out tonight (empty until the plan is read). */
    private List<DatasetAccount> accounts = List.of();
    /**
     * Source dataset to the destroy zfs refused it tonight: the dataset is still sent (a target that
     * holds more snapshots than its rules keep receives as well), and then needs a person.
     */
    private Map<String, String> pruneFailures = Map.of();
    private final NightCoverage coverage;
    /** The prune's clock line when its "now" had no witness (nothing went by age): a warning, or null. */
    private String clockWarning;
    /** night.json holds the night's end: no stage after it (the audit record) writes it again. */
    private boolean summarised;

    Night(CliEnvironment environment, NightConfig config, Path dir, Path previous, Instant now, boolean dryRun) {
        this(environment, config, dir, previous, now, dryRun, (name, where, arguments) -> Main.run(where, arguments));
    }

    Night(CliEnvironment environment, NightConfig config, Path dir, Path previous, Instant now, boolean dryRun,
          StageRunner runner) {
        this.runner = runner;
        this.environment = environment;
        this.config = config;
        this.dir = dir;
        this.previous = previous;
        this.now = now;
        this.dryRun = dryRun;
        this.coverage = config.coverage() ? new NightCoverage(this::stage, environment, config,
                Path.of(config.value("runs", NightConfig.DEFAULT_RUNS))) : null;
    }

    /** Runs the night and returns its exit status. */
    int run() throws IOException {
        Instant started = Instant.now();
        // night.json from the start and after every stage: a night that dies leaves what it had done
        writeSummary(null);
        boolean sent = transfer();
        // a dry run's freshness would be tonight's before tonight ran (CRITICAL before the first night):
        // its preview says what tonight does instead
        int check = dryRun ? 0 : check();
        int status = status(sent, check);
        writeSummary(status);
        if (!dryRun) {
            NightOutcomes.writeMetrics(config.value("metrics-file", null), accounts, started, environment.err());
        }
        if (!dryRun) {
            List<String> audit = new ArrayList<>(List.of("audit", "record", "--job", config.value("job", NightConfig.DEFAULT_JOB)));
            if (previous != null) {
                audit.addAll(List.of("--previous", previous.toString()));
            }
            audit.add(dir.toString());
            status = stage("audit", audit, environment) == 0 ? status : Main.FAILED;
        }
        environment.out().printf("night %s: %s, exit status %d%n", dryRun ? "dry run" : dir.getFileName(), summary(), status);
        environment.out().flush();
        return status;
    }

    /**
     * Plan with tonight's snapshot, prune, send and verify, each only when the one before went through;
     * a prune whose only failures are destroys zfs refused, each pinned on a dataset, went through.
     */
    private boolean transfer() throws IOException {
        List<String> plan = new ArrayList<>(List.of("plan", "--now", now.toString(), "--output", dir.toString()));
        if (!dryRun) {
            plan.add("--snapshot-now");
        }
        if ((dryRun ? preview(plus(plan, "plan")) : stage("plan", plus(plan, "plan"), environment)) != 0) {
            return false;
        }
        if (config.values().containsKey("keep-source") || config.values().containsKey("keep-target")) {
            // ages count from the night's time, as the plan's snapshot and the check do
            List<String> prune = new ArrayList<>(List.of("prune", "--plan", dir.resolve("plan.json").toString(),
                    "--now", now.toString()));
            if (!dryRun && config.flag("destroy", true)) {
                prune.add("--destroy");
            }
            Instant before = previousStart(previous);
            if (before != null) {
                // recorded before tonight's clock could jump: prune destroys nothing by age when now is far from it
                prune.addAll(List.of("--previous-run", before.toString()));
            }
            int pruned = stage("prune", plus(prune, "prune"), environment);
            if (pruned != 0) {
                // zfs refused some destroys (exit 1, each in the report): those datasets need a person, the
                // others' sends go on. Anything else (bad input, a refusal by the guard, no report) stops here
                Map<String, String> refused = pruned == Main.FAILED ? NightOutcomes.pruneFailures(
                        dir.resolve("prune-report.json"), PlanJson.read(dir.resolve("plan.json"))) : null;
                if (refused == null) {
                    accounts = NightOutcomes.notRun(DatasetAccount.of(PlanJson.read(dir.resolve("plan.json"))), "prune");
                    return false;
                }
                pruneFailures = refused;
            }
            clockWarning = unwitnessed(dir.resolve("prune-report.json"));
        }
        ReplicationPlan planned = PlanJson.read(dir.resolve("plan.json"));
        if (dryRun) {
            // the preview named each dataset's step; run's dry run would print the plan of what exists.
            // Each dataset is accounted for by the preview's plan, tonight's snapshot simulated: the
            // plan of what exists says "no snapshot to send" of every dataset that snapshot answers
            accounts = DatasetAccount.of(PlanJson.read(dir.resolve(PlanCommand.PREVIEW_PLAN)));
            return true;
        }
        accounts = DatasetAccount.of(planned);
        int ran = stage("run", plus(runArguments(), "run"), environment);
        accounts = NightOutcomes.afterPrune(NightOutcomes.afterRun(accounts, dir.resolve("transfer.json")),
                pruneFailures);
        if (ran != 0) {
            return false;
        }
        if (!config.value("verify", NightConfig.DEFAULT_VERIFY).equals("off")) {
            NightVerify verify = new NightVerify(this::stage, environment, config, dir, previous, snapshot(), coverage);
            boolean verified = verify.run(planned.datasets().stream().filter(d -> d.action() == DatasetAction.SEND).toList());
            // the slice reads what earlier nights left unread as well: it runs whatever tonight's verify found
            boolean covered = coverage == null || coverage.run(dir, now);
            return verified && covered;
        }
        return true;
    }

    private List<String> runArguments() {
        List<String> run = new ArrayList<>(List.of("run", dir.resolve("plan.json").toString(), "--artifacts", dir.toString()));
        String targetHost = config.value("target-host", null);
        if (targetHost != null) {
            if (!config.values().containsKey("transport")) {
                run.addAll(List.of("--transport", Carriage.SSH.word()));
            }
            run.addAll(List.of("--host", targetHost));
        }
        return run;
    }

    /**
     * The check of freshness and of what tonight verified, as JSON into check.json: its status is the
     * monitoring plugin's.
     */
    private int check() throws IOException {
        StringWriter json = new StringWriter();
        CliEnvironment captured = new CliEnvironment(environment.localRunner(), new PrintWriter(json, true), environment.err());
        List<String> check = new ArrayList<>(List.of("check", "--json", "--now", now.toString()));
        if (coverage != null && coverage.ledger() != null) {
            check.addAll(List.of("--coverage-ledger", coverage.ledger().toString()));
        }
        // tonight's record as it stands (written after every stage): the check says what tonight verified
        check.addAll(List.of("--night-json", dir.resolve("night.json").toString()));
        int status = stage("check", plus(check, "check"), captured);
        AtomicFile.write(dir.resolve("check.json"), json.toString());
        return status;
    }

    private int status(boolean sent, int check) {
        if (!sent || check >= 2) {
            return Main.FAILED;
        }
        boolean failed = accounts.stream().anyMatch(a -> a.outcome() == DatasetOutcome.FAILED);
        if (failed) {
            return Main.FAILED;
        }
        return check == 1 || !attention().isEmpty() ? ATTENTION : OK;
    }

    private List<String> plus(List<String> arguments, String stage) {
        arguments.addAll(config.arguments(stage));
        return arguments;
    }

    /** Runs one subcommand as a stage of the night and records how it ended. */
    int stage(String name, List<String> arguments, CliEnvironment where) {
        environment.err().println("night: " + String.join(" ", arguments));
        environment.err().flush();
        Instant started = Instant.now();
        int status = runner.run(name, where, arguments.toArray(String[]::new));
        stages.add(new Stage(name, status, Duration.between(started, Instant.now()), ""));
        if (summarised) {
            return status; // the audit record hashed night.json: it is final
        }
        try {
            writeSummary(null);
        } catch (IOException e) {
            environment.err().println("night: cannot write " + dir.resolve("night.json") + ": " + e.getMessage());
        }
        return status;
    }

    /** The dry run's plan stage: plan's own options, tonight's snapshot simulated ({@link NightPreview}). */
    private int preview(List<String> arguments) {
        environment.err().println("night: " + String.join(" ", arguments) + " (dry run: tonight's snapshot simulated)");
        environment.err().flush();
        Instant started = Instant.now();
        CommandLine line = Main.commandLine(environment, List.of("plan"));
        int status;
        try {
            line.parseArgs(arguments.toArray(String[]::new));
            status = line.getSubcommands().get("plan").<PlanCommand>getCommand().preview();
        } catch (CommandLine.ParameterException e) {
            status = CliErrors.report(environment.err(), new IllegalArgumentException(e.getMessage()), Main.BAD_INPUT);
        } catch (IOException | RuntimeException e) {
            status = CliErrors.report(environment.err(), e, Main.FAILED);
        }
        stages.add(new Stage("plan", status, Duration.between(started, Instant.now()), ""));
        return status;
    }

    /** Tonight's snapshot's short name. */
    String snapshot() {
        return SnapshotNaming.of(config.value("prefix", SnapshotNaming.DEFAULT_PREFIX)).name(now);
    }

    /** "dataset: why" of every dataset that needs a person tonight, then what the verify could not do. */
    private List<String> attention() {
        List<String> lines = new ArrayList<>(accounts.stream().filter(a -> a.outcome().needsAPerson())
                .map(a -> a.dataset() + ": " + a.reason()).toList());
        String uncompared = dryRun ? null : NightVerify.uncompared(config);
        if (uncompared != null && !accounts.isEmpty()) {
            lines.add("verify = copy: " + uncompared);
        }
        if (clockWarning != null) {
            lines.add(clockWarning);
        }
        return lines;
    }

    private String summary() {
        List<String> parts = new ArrayList<>();
        stages.forEach(s -> parts.add(s.name() + " " + s.status()));
        long datasets = accounts.stream().filter(a -> a.outcome().needsAPerson()).count();
        if (datasets > 0) {
            parts.add(datasets + " dataset(s) need attention");
        }
        if (!dryRun && NightVerify.uncompared(config) != null && !accounts.isEmpty()) {
            parts.add("the copy was not compared (verify = copy)");
        }
        return String.join(", ", parts);
    }

    /**
     * night.json: what ran, how each stage ended, the datasets that need a person, the exit status
     * (null while the night runs: then {@code "finished": false} and no exit status).
     */
    private void writeSummary(Integer status) throws IOException {
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = json.createObjectNode();
        root.put("format", 1);
        root.put("kind", "zfs-replication-night");
        root.put("startedAt", now.toString());
        root.put("snapshot", snapshot());
        root.put("dryRun", dryRun);
        ArrayNode list = root.putArray("stages");
        for (Stage stage : stages) {
            list.addObject().put("name", stage.name()).put("status", stage.status()).put("millis", stage.took().toMillis());
        }
        ArrayNode needs = root.putArray("attention");
        attention().forEach(needs::add);
        NightOutcomes.write(root, accounts);
        ObjectNode verify = root.putObject("verify");
        String verifyMode = dryRun ? "off" : config.value("verify", NightConfig.DEFAULT_VERIFY);
        verify.put("mode", verifyMode);
        String uncompared = dryRun ? null : NightVerify.uncompared(config);
        // what was verified: the copy compared with the source, or one side only (and why), or nothing
        verify.put("copyCompared", verifyMode.equals("copy") && uncompared == null);
        verify.put("notCompared", uncompared);
        if (status == null) {
            root.put("finished", false);
        } else {
            root.put("exitStatus", status);
            summarised = true;
        }
        AtomicFile.write(dir.resolve("night.json"), json.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n");
    }

    /** "prune: clock NOT witnessed: ..." when the prune's report says its "now" had no witness, else null. */
    private static String unwitnessed(Path report) {
        try {
            com.fasterxml.jackson.databind.JsonNode clock = new ObjectMapper().readTree(report.toFile()).path("clock");
            String verdict = clock.path("verdict").asText("");
            return verdict.equals("AHEAD") || verdict.equals("BEHIND") ? "prune: clock " + clock.path("text").asText()
                    : null;
        } catch (IOException e) {
            return null; // the prune stage ended 0 without its report: nothing to warn of here
        }
    }

    /** When a previous night started, from its night.json, or null. */
    static Instant previousStart(Path previousDir) {
        if (previousDir == null || !Files.isRegularFile(previousDir.resolve("night.json"))) {
            return null;
        }
        try {
            String at = new ObjectMapper().readTree(previousDir.resolve("night.json").toFile()).path("startedAt").asText("");
            return at.isEmpty() ? null : Instant.parse(at);
        } catch (IOException | java.time.format.DateTimeParseException e) {
            return null; // an unreadable record witnesses nothing; the snapshots' creation times still do
        }
    }

    /** The snapshot a previous night took, from its night.json, or null. */
    static String previousSnapshot(Path previousDir) {
        if (previousDir == null || !Files.isRegularFile(previousDir.resolve("night.json"))) {
            return null;
        }
        try {
            String name = new ObjectMapper().readTree(previousDir.resolve("night.json").toFile()).path("snapshot").asText("");
            return name.isEmpty() ? null : name;
        } catch (IOException e) {
            return null;
        }
    }
}
