package io.jenkins.plugins.zfsreplication.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ZfsException;

/**
 * Commands run around the run's snapshot, on the host that takes it: {@code pre} before (a
 * database flushes and freezes), {@code post} after (it thaws). Argument vectors, never shell
 * strings. A pre hook that fails (exit status not 0, or past the timeout: it is killed) stops the
 * snapshot; the post hook runs whenever the pre hook succeeded, also when the snapshot failed, so
 * that what was frozen is thawed. What they print is logged. They learn what is snapshotted from
 * their environment, set with {@code env(1)} so that it reaches a host over ssh as well:
 * {@code ZFS_REPLICATION_HOOK} ({@code pre-snapshot} or {@code post-snapshot}),
 * {@code ZFS_REPLICATION_SNAPSHOT} (the short name), {@code ZFS_REPLICATION_DATASETS} (the dataset
 * names, separated by spaces: names cannot hold one) and, for the post hook,
 * {@code ZFS_REPLICATION_SNAPSHOT_RESULT} ({@code ok} or {@code failed}).
 */
public record SnapshotHooks(List<String> pre, List<String> post, Duration timeout) {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);
    public static final SnapshotHooks NONE = new SnapshotHooks(List.of(), List.of(), DEFAULT_TIMEOUT);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    public SnapshotHooks {
        pre = List.copyOf(pre);
        post = List.copyOf(post);
        Objects.requireNonNull(timeout, "timeout");
        check("pre-snapshot", pre);
        check("post-snapshot", post);
        if (timeout.isNegative() || timeout.isZero()) {
            throw new PlanException("The hook timeout must be positive, not %s", timeout);
        }
    }

    /**
     * A command given as a JSON array of strings, e.g. {@code ["/usr/local/bin/db-freeze", "--all"]}:
     * the argument vector written out, so nothing is split or expanded by a shell.
     */
    public static List<String> parseCommand(String option, String json) {
        if (json == null || json.isBlank()) {
            return List.of();
        }
        JsonNode node;
        try {
            node = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            node = null;
        }
        if (node == null || !node.isArray() || node.isEmpty()) {
            throw new PlanException("%s must be a JSON array of strings, the command and its arguments, e.g."
                    + " '[\"/usr/local/bin/db-freeze\", \"--all\"]'; got '%s'", option, json);
        }
        List<String> command = new ArrayList<>();
        for (JsonNode element : node) {
            if (!element.isTextual()) {
                throw new PlanException("%s: every element must be a string, '%s' is not", option, element);
            }
            command.add(element.asText());
        }
        return command;
    }

    /** Runs the pre hook; throws, naming it and its output, when it fails: no snapshot is taken then. */
    void before(CommandRunner runner, List<DatasetName> datasets, String snapshot, Consumer<String> log) {
        if (!pre.isEmpty()) {
            run(runner, "pre-snapshot", pre, datasets, snapshot, null, log);
        }
    }

    /** Runs the post hook; throws when it fails (the snapshot, if taken, stays). */
    void after(CommandRunner runner, List<DatasetName> datasets, String snapshot, boolean taken, Consumer<String> log) {
        if (!post.isEmpty()) {
            run(runner, "post-snapshot", post, datasets, snapshot, taken ? "ok" : "failed", log);
        }
    }

    private void run(CommandRunner runner, String which, List<String> command, List<DatasetName> datasets,
                     String snapshot, String result, Consumer<String> log) {
        List<String> argv = new ArrayList<>(List.of("env", "ZFS_REPLICATION_HOOK=" + which,
                "ZFS_REPLICATION_SNAPSHOT=" + snapshot,
                "ZFS_REPLICATION_DATASETS=" + String.join(" ", datasets.stream().map(DatasetName::name).toList())));
        if (result != null) {
            argv.add("ZFS_REPLICATION_SNAPSHOT_RESULT=" + result);
        }
        argv.addAll(command);
        log.accept(String.format("%s hook on %s: %s", which, runner.host(), String.join(" ", command)));
        CommandResult finished;
        try {
            finished = runner.run(argv, timeout);
        } catch (ZfsException e) {
            throw new PlanException(e, "The %s hook %s failed: %s%s", which, command, e.getMessage(),
                    result == null ? "; no snapshot was taken" : "");
        }
        finished.stdout().lines().forEach(line -> log.accept(which + " hook: " + line));
        finished.stderr().lines().forEach(line -> log.accept(which + " hook (stderr): " + line));
        if (!finished.succeeded()) {
            String last = finished.stderr().isBlank() ? finished.stdout().strip() : finished.stderr().strip();
            int cut = last.lastIndexOf('\n');
            throw new PlanException("The %s hook %s exited with status %d%s%s", which, command,
                    finished.exitStatus(), last.isEmpty() ? "" : ": " + last.substring(cut + 1),
                    result == null ? "; no snapshot was taken" : "; the snapshot was " + (result.equals("ok")
                            ? "taken" : "not taken"));
        }
        log.accept(String.format("%s hook done", which));
    }

    private static void check(String which, List<String> command) {
        if (command.isEmpty()) {
            return;
        }
        for (String argument : command) {
            if (argument == null || argument.indexOf('\0') >= 0) {
                throw new PlanException("The %s hook's arguments cannot hold NUL characters", which);
            }
        }
        if (command.get(0).isEmpty() || command.get(0).contains("=") || command.get(0).startsWith("-")) {
            throw new PlanException("The %s hook's command '%s' must be a program name or path (not empty, no '=',"
                    + " not starting with '-')", which, command.get(0));
        }
    }
}
