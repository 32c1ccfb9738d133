package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jenkins.plugins.zfsreplication.files.AtomicFile;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;

/**
 * One night: the subcommands a nightly script would run, in this process, each with the arguments
 * the config file gives it, into one run directory: plan with tonight's snapshot, prune, run,
 * verify, coverage (with {@code coverage-nights}), check, then night.json and audit record. Each
 * stage is the subcommand itself (same engine entry points, same artifacts, same exit statuses); a
 * failed stage stops the ones that depend on it, check and the audit record always run, so a
 * failed night is in the chain too.
 */
final class Night {
    /** Exit statuses of the night (see {@link NightCommand}). */
    static final int OK = 0;
    static final int ATTENTION = 3;
    static final int LOCKED = 75;

    /** One stage as it ended. */
    record Stage(String name, int status, Duration took, String note) {
    }

    private final CliEnvironment environment;
    private final NightConfig config;
    private final Path dir;
    private final Path previous;
    private final Instant now;
    private final boolean dryRun;
    private final List<Stage> stages = new ArrayList<>();
    private final List<String> attention = new ArrayList<>();
    private final NightCoverage coverage;
    /** night.json holds the night's end: no stage after it (the audit record) writes it again. */
    private boolean summarised;

    Night(CliEnvironment environment, NightConfig config, Path dir, Path previous, Instant now, boolean dryRun) {
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
        // night.json from the start and after every stage: a night that dies leaves what it had done
        writeSummary(null);
        boolean sent = transfer();
        int check = check();
        int status = status(sent, check);
        writeSummary(status);
        if (!dryRun) {
            List<String> audit = new ArrayList<>(List.of("audit", "record", "--job", config.value("job", NightConfig.DEFAULT_JOB)));
            if (previous != null) {
                audit.addAll(List.of("--previous", previous.toString()));
            }
            audit.add(dir.toString());
            status = stage("audit", audit, environment) == 0 ? status : Main.FAILED;
        }
        environment.out().printf("night %s: %s, exit status %d%n", dryRun ? dir : dir.getFileName(), summary(), status);
        environment.out().flush();
        return status;
    }

    /** Plan with tonight's snapshot, prune, send and verify, each only when the one before went through. */
    private boolean transfer() throws IOException {
        List<String> plan = new ArrayList<>(List.of("plan", "--now", now.toString(), "--output", dir.toString()));
        if (!dryRun) {
            plan.add("--snapshot-now");
        }
        if (stage("plan", plus(plan, "plan"), environment) != 0) {
            return false;
        }
        if (config.values().containsKey("keep-source") || config.values().containsKey("keep-target")) {
            List<String> prune = new ArrayList<>(List.of("prune", "--plan", dir.resolve("plan.json").toString()));
            if (!dryRun && config.flag("destroy", true)) {
                prune.add("--destroy");
            }
            if (stage("prune", plus(prune, "prune"), environment) != 0) {
                return false;
            }
        }
        ReplicationPlan planned = PlanJson.read(dir.resolve("plan.json"));
        planned.datasets().stream().filter(d -> d.action() == DatasetAction.DIVERGED || d.action() == DatasetAction.REFUSED)
                .forEach(d -> attention.add(d.source() + ": " + d.action() + " (" + d.reason() + ")"));
        if (stage("run", plus(runArguments(), "run"), environment) != 0) {
            return false;
        }
        if (!dryRun && !config.value("verify", "copy").equals("off")) {
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
                run.addAll(List.of("--transport", "ssh"));
            }
            run.addAll(List.of("--host", targetHost));
        }
        if (dryRun) {
            run.add("--dry-run");
        }
        return run;
    }

    /** The check of freshness, as JSON into check.json: its status is the monitoring plugin's. */
    private int check() throws IOException {
        StringWriter json = new StringWriter();
        CliEnvironment captured = new CliEnvironment(environment.localRunner(), new PrintWriter(json, true), environment.err());
        List<String> check = new ArrayList<>(List.of("check", "--json", "--now", now.toString()));
        if (coverage != null && coverage.ledger() != null) {
            check.addAll(List.of("--coverage-ledger", coverage.ledger().toString()));
        }
        int status = stage("check", plus(check, "check"), captured);
        AtomicFile.write(dir.resolve("check.json"), json.toString());
        return status;
    }

    private int status(boolean sent, int check) {
        if (!sent || check >= 2) {
            return Main.FAILED;
        }
        return check == 1 || !attention.isEmpty() ? ATTENTION : OK;
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
        int status = Main.run(where, arguments.toArray(String[]::new));
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

    /** Tonight's snapshot's short name. */
    String snapshot() {
        return SnapshotNaming.of(config.value("prefix", SnapshotNaming.DEFAULT_PREFIX)).name(now);
    }

    private String summary() {
        List<String> parts = new ArrayList<>();
        stages.forEach(s -> parts.add(s.name() + " " + s.status()));
        if (!attention.isEmpty()) {
            parts.add(attention.size() + " dataset(s) need attention");
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
        attention.forEach(needs::add);
        if (status == null) {
            root.put("finished", false);
        } else {
            root.put("exitStatus", status);
            summarised = true;
        }
        AtomicFile.write(dir.resolve("night.json"), json.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n");
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
