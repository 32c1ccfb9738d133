package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code zfs-replication status}: the nights at a glance, from what they left under {@code runs}
 * and asking no zfs: whether a night runs now (another process holds {@code runs/.lock}) and how far
 * it got, the last finished night per dataset (outcome, bytes, time), its check (freshness and
 * coverage age), and when the timer runs next. Reads only; creates no file, not even the lock.
 */
@Command(name = "status", description = {"Show the nights: running now, the last night per dataset, freshness, the next timer.",
    "Whether a night runs now and how far it got, the last finished night's outcome, bytes and time per dataset, its"
        + " check's freshness and coverage age, and when zfs-replication-night.timer runs next; from the files under"
        + " runs (the config's runs key), asking no zfs and writing nothing."})
final class StatusCommand implements Callable<Integer> {
    private static final long MAX_JSON = 64L << 20;
    private static final String TIMER = "zfs-replication-night.timer";
    private final CliEnvironment environment;

    @Option(names = "--config", paramLabel = "FILE", defaultValue = NightCommand.DEFAULT_CONFIG,
            description = "The night's config file, for its runs directory (default ${DEFAULT-VALUE}).")
    private Path config;

    @Option(names = "--json", description = "Print the status as JSON, for scripts.")
    private boolean json;

    @Option(names = "--now", paramLabel = "INSTANT", description = "The time ages are measured at (ISO-8601), default"
            + " the wall clock.")
    private Instant now;

    StatusCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public Integer call() throws IOException {
        NightConfig read = CliErrors.input(() -> NightConfig.read(config));
        Path runs = Path.of(read.value("runs", NightConfig.DEFAULT_RUNS));
        Instant at = now == null ? environment.clock().instant() : now;
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode status = mapper.createObjectNode();
        status.put("format", 1);
        status.put("kind", "zfs-replication-status");
        status.put("now", at.toString());
        status.put("runs", runs.toString());
        List<Path> numbered = numbered(runs);
        // a night writes night.json from its start ("finished": false) and its exit status last: the
        // running night is the newest without an exit status, the last night the newest with one
        boolean locked = running(runs);
        // newest first, stopping at the first match: a runs directory of years of nights is not read whole
        List<Path> newestFirst = new java.util.ArrayList<>(numbered);
        java.util.Collections.reverse(newestFirst);
        Path running = locked ? newestFirst.stream().filter(d -> !finished(d)).findFirst().orElse(null) : null;
        status.put("running", locked);
        if (running != null) {
            status.set("current", current(running));
        }
        Path last = newestFirst.stream().filter(StatusCommand::finished).findFirst().orElse(null);
        status.set("lastNight", last == null ? null : lastNight(last, at));
        status.put("nextNight", nextTimer());
        if (json) {
            environment.out().println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(status));
        } else {
            text(status).forEach(environment.out()::println);
        }
        environment.out().flush();
        return 0;
    }

    /** Whether the night of {@code dir} ended: its night.json has an exit status (one that died has none). */
    private static boolean finished(Path dir) {
        return Files.isRegularFile(dir.resolve("night.json")) && read(dir.resolve("night.json")).has("exitStatus");
    }

    /** Whether another process holds the nights' lock; never creates the lock file. */
    private static boolean running(Path runs) throws IOException {
        Path lock = runs.resolve(".lock");
        if (!Files.isRegularFile(lock)) {
            return false;
        }
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.READ)) {
            FileLock shared = channel.tryLock(0, Long.MAX_VALUE, true);
            if (shared == null) {
                return true;
            }
            shared.release();
            return false;
        } catch (OverlappingFileLockException e) {
            return true; // a night of this process holds it
        }
    }

    private static List<Path> numbered(Path runs) throws IOException {
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(runs)) {
            return entries.filter(Files::isDirectory).filter(p -> p.getFileName().toString().matches("[1-9][0-9]{0,17}"))
                    .sorted((a, b) -> Long.compare(Long.parseLong(a.getFileName().toString()),
                            Long.parseLong(b.getFileName().toString()))).toList();
        }
    }

    /** The running night: its directory, when it began, its plan's sends and how far the transfer got. */
    private ObjectNode current(Path dir) throws IOException {
        ObjectNode current = new ObjectMapper().createObjectNode();
        current.put("dir", dir.toString());
        current.put("since", Files.getLastModifiedTime(dir).toInstant().toString());
        JsonNode plan = read(dir.resolve("plan.json"));
        long planned = 0;
        int sends = 0;
        for (JsonNode dataset : plan.path("datasets")) {
            for (JsonNode step : dataset.path("steps")) {
                planned += Math.max(0, step.path("estimatedBytes").asLong(0));
                sends++;
            }
        }
        current.put("stage", Files.isRegularFile(dir.resolve("check.json")) ? "check"
                : Files.isDirectory(dir.resolve("verify")) ? "verify"
                : Files.isRegularFile(dir.resolve("transfer.json")) ? "verify"
                : Files.isRegularFile(dir.resolve("prune-report.json")) ? "run"
                : Files.isRegularFile(dir.resolve("plan.json")) ? "prune" : "plan");
        current.put("plannedSteps", sends);
        current.put("plannedBytes", planned);
        return current;
    }

    private ObjectNode lastNight(Path dir, Instant at) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode last = mapper.createObjectNode();
        JsonNode night = read(dir.resolve("night.json"));
        last.put("dir", dir.toString());
        last.put("startedAt", night.path("startedAt").asText(null));
        last.put("snapshot", night.path("snapshot").asText(null));
        last.put("exitStatus", night.path("exitStatus").asInt(-1));
        long millis = 0;
        for (JsonNode stage : night.path("stages")) {
            millis += stage.path("millis").asLong(0);
        }
        last.put("seconds", millis / 1000.0);
        // per dataset: what the plan decided, what the transfer did
        Map<String, ObjectNode> datasets = new LinkedHashMap<>();
        for (JsonNode planned : read(dir.resolve("plan.json")).path("datasets")) {
            ObjectNode dataset = mapper.createObjectNode();
            dataset.put("source", planned.path("source").asText());
            dataset.put("target", planned.path("target").asText());
            dataset.put("outcome", planned.path("action").asText().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
            dataset.put("bytes", 0L);
            dataset.put("seconds", 0.0);
            datasets.put(planned.path("source").asText(), dataset);
        }
        for (JsonNode step : read(dir.resolve("transfer.json")).path("steps")) {
            ObjectNode dataset = datasets.get(step.path("dataset").asText());
            if (dataset == null) {
                continue;
            }
            dataset.put("outcome", step.path("result").asText());
            dataset.put("bytes", dataset.path("bytes").asLong() + step.path("bytes").asLong(0));
            dataset.put("seconds", Math.round((dataset.path("seconds").asDouble() + step.path("seconds").asDouble(0))
                    * 1000) / 1000.0);
        }
        JsonNode check = read(dir.resolve("check.json"));
        for (JsonNode fresh : check.path("datasets")) {
            ObjectNode dataset = datasets.get(fresh.path("source").asText());
            if (dataset != null) {
                dataset.put("freshness", fresh.path("status").asText());
                String time = fresh.path("newestCommon").path("time").asText(null);
                if (time != null) {
                    dataset.put("newestCommon", fresh.path("newestCommon").path("snapshot").asText());
                    dataset.put("ageSeconds", Duration.between(Instant.parse(time), at).toSeconds());
                }
            }
        }
        ArrayNode list = last.putArray("datasets");
        datasets.values().forEach(list::add);
        last.put("check", check.path("status").asText(null));
        ArrayNode coverage = last.putArray("coverage");
        for (JsonNode age : check.path("coverage")) {
            coverage.addObject().put("dataset", age.path("dataset").asText()).put("status", age.path("status").asText())
                    .put("ageSeconds", age.path("ageSeconds").asLong());
        }
        return last;
    }

    /** The timer's next run as systemd says, or null where there is no such timer (no systemd, not enabled). */
    private String nextTimer() {
        try {
            CommandResult shown = environment.localRunner().run(List.of("systemctl", "show", TIMER,
                    "--property=NextElapseUSecRealtime", "--value"), Duration.ofSeconds(10));
            String next = shown.stdout().strip();
            return shown.succeeded() && !next.isEmpty() && !next.equals("n/a") ? next : null;
        } catch (ZfsException e) {
            return null;
        }
    }

    private static JsonNode read(Path file) {
        if (!Files.isRegularFile(file)) {
            return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        }
        try {
            return new ObjectMapper().readTree(InputFile.readText(file, "a night's record", MAX_JSON));
        } catch (IOException | RuntimeException e) {
            // a file the night left half-written is not the status's failure: it shows as unknown
            return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
        }
    }

    private static List<String> text(JsonNode status) {
        List<String> lines = new java.util.ArrayList<>();
        JsonNode current = status.path("current");
        if (status.path("running").asBoolean()) {
            lines.add(current.isMissingNode() ? "running now"
                    : String.format("running now: %s since %s, at %s (%d step(s) planned, about %s)",
                            current.path("dir").asText(), current.path("since").asText(), current.path("stage").asText(),
                            current.path("plannedSteps").asInt(), Sizes.human(current.path("plannedBytes").asLong())));
        } else {
            lines.add("not running");
        }
        JsonNode last = status.path("lastNight");
        if (last.isNull() || last.isMissingNode()) {
            lines.add("last night: none yet");
        } else {
            lines.add(String.format("last night: %s, started %s, @%s, exit status %d, %.1f s, check %s",
                    last.path("dir").asText(), last.path("startedAt").asText(), last.path("snapshot").asText(),
                    last.path("exitStatus").asInt(), last.path("seconds").asDouble(), last.path("check").asText("-")));
            for (JsonNode dataset : last.path("datasets")) {
                lines.add(String.format("  %s -> %s: %s, %s in %.1f s, %s", dataset.path("source").asText(),
                        dataset.path("target").asText(), dataset.path("outcome").asText(),
                        Sizes.human(dataset.path("bytes").asLong()), dataset.path("seconds").asDouble(),
                        dataset.has("ageSeconds") ? "freshness " + dataset.path("freshness").asText() + " ("
                                + dataset.path("newestCommon").asText() + ", " + Ages.text(dataset.path("ageSeconds").asLong())
                                + " old)" : "freshness " + dataset.path("freshness").asText("unknown")));
            }
            for (JsonNode age : last.path("coverage")) {
                lines.add(String.format("  coverage %s: %s, %s old", age.path("dataset").asText(),
                        age.path("status").asText(), Ages.text(age.path("ageSeconds").asLong())));
            }
        }
        lines.add("next night: " + (status.path("nextNight").isNull() ? "no timer (" + TIMER + " not enabled)"
                : status.path("nextNight").asText()));
        return lines;
    }

    /** Ages as people read them: 26h, 3d4h, 45m. */
    private static final class Ages {
        private Ages() {
        }

        static String text(long seconds) {
            long days = seconds / 86_400;
            long hours = seconds % 86_400 / 3600;
            long minutes = seconds % 3600 / 60;
            return days > 0 ? days + "d" + (hours > 0 ? hours + "h" : "") : hours > 0 ? hours + "h"
                    + (minutes > 0 ? minutes + "m" : "") : minutes + "m";
        }
    }
}
