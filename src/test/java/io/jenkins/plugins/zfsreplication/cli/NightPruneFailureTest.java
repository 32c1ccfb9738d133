package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * One dataset's failed prune does not stop the night, on zfs-fuse pools: zfs refuses the destroy
 * of one copy's snapshot (an admin held it after the prune's guard had looked, which nothing can
 * foresee), and every dataset is sent all the same; the one whose prune failed needs attention
 * (exit status 3, night.json), the others are simply sent. It used to stop every dataset's send.
 *
 * <p>One clock: the creation time zfs gave a probe snapshot; every snapshot name and each night's
 * {@code --now} lie before it.
 */
@ExtendWith(ZfsTestBed.class)
class NightPruneFailureTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @Test
    void shouldSendEveryDatasetAndSayWhichOneNeedsAttentionWhenZfsRefusesOneDestroy(TestPools pools)
            throws IOException {
        DatasetName source = pools.create("pfs").resolve("data");
        DatasetName target = pools.create("pft").resolve("copy");
        for (String child : List.of("", "/a", "/b")) {
            pools.exec("zfs", "create", source + child);
        }
        pools.exec("zfs", "snapshot", source + "@probe");
        Instant base = Instant.ofEpochSecond(Long.parseLong(pools.exec("zfs", "get", "-Hp", "-o", "value", "creation",
                source + "@probe").stdout().strip()));
        pools.exec("zfs", "destroy", source + "@probe");
        SnapshotNaming naming = SnapshotNaming.of(SnapshotNaming.DEFAULT_PREFIX);
        String old = naming.name(base.minus(30, ChronoUnit.HOURS));
        String first = naming.name(base.minus(25, ChronoUnit.HOURS));
        String second = naming.name(base.minus(1, ChronoUnit.HOURS));
        pools.exec("zfs", "snapshot", "-r", source + "@" + old);
        Path runs = folder.resolve("runs");
        Path config = folder.resolve("night.conf");
        List<String> lines = new ArrayList<>(List.of("source = " + source, "recursive = yes", "target-root = " + target,
                "verify = off", "runs = " + runs));
        Files.writeString(config, String.join("\n", lines) + "\n");
        assertThat(night(new ProcessCommandRunner(), config, base.minus(25, ChronoUnit.HOURS))).as(out + "\n" + err)
                .isZero();
        Map<String, String> copies = PlanJson.read(runs.resolve("1").resolve("plan.json")).datasets().stream()
                .collect(Collectors.toMap(d -> d.source().name(), d -> d.target().name()));
        String copyA = copies.get(source + "/a");
        assertThat(names(pools, copyA)).containsExactly(old, first);
        // the second night prunes the copies to their newest snapshot before it sends
        lines.add("keep-target = last: 1");
        Files.writeString(config, String.join("\n", lines) + "\n");
        HoldingRunner runner = new HoldingRunner(copyA + "@");
        int status;
        try {
            status = night(runner, config, base.minus(1, ChronoUnit.HOURS));
        } finally {
            if (runner.held != null) {
                pools.exec("zfs", "release", "admin", runner.held);
            }
        }

        assertThat(runner.held).isEqualTo(copyA + "@" + old);
        assertThat(status).as(out + "\n" + err).isEqualTo(3);
        // every dataset got tonight's snapshot; the copy zfs did not prune keeps its old one
        assertThat(names(pools, copies.get(source.name()))).containsExactly(first, second);
        assertThat(names(pools, copyA)).containsExactly(old, first, second);
        assertThat(names(pools, copies.get(source + "/b"))).containsExactly(first, second);
        JsonNode night = new ObjectMapper().readTree(runs.resolve("2").resolve("night.json").toFile());
        assertThat(night.get("exitStatus").asInt()).isEqualTo(3);
        List<String> stages = new ArrayList<>();
        night.get("stages").forEach(s -> stages.add(s.get("name").asText() + " " + s.get("status").asInt()));
        assertThat(stages).containsExactly("plan 0", "prune 1", "run 0", "check 0");
        List<String> datasets = new ArrayList<>();
        night.get("datasets").forEach(d -> datasets.add(d.get("dataset").asText() + " " + d.get("outcome").asText()));
        assertThat(datasets).containsExactly(source + " sent", source + "/a attention", source + "/b sent");
        String reason = night.get("datasets").get(1).get("reason").asText();
        assertThat(reason).startsWith("sent, but its prune failed: target " + copyA + ": ")
                .endsWith("(some of [" + old + "] may be destroyed: list the dataset to see)");
        assertThat(night.get("outcomes").toString()).isEqualTo(
                "{\"sent\":2,\"current\":0,\"excluded\":0,\"attention\":1,\"failed\":0}");
        assertThat(night.get("attention").toString()).isEqualTo("[" + new ObjectMapper().writeValueAsString(
                source + "/a: " + reason) + "]");
        assertThat(out.toString()).contains("night 2: plan 0, prune 1, run 0, check 0, audit 0, 1 dataset(s) need"
                + " attention, exit status 3");
    }

    private int night(CommandRunner runner, Path config, Instant now) {
        return Main.run(new CliEnvironment(runner, new PrintWriter(out, true), new PrintWriter(err, true)), "night",
                "--config", config.toString(), "--now", now.toString());
    }

    private static List<String> names(TestPools pools, String dataset) {
        return TestApply.snapshots(pools, dataset).stream().map(s -> s.split(" ")[0]).toList();
    }

    /**
     * This host's commands; right before the first {@code zfs destroy} of a snapshot whose name starts
     * with {@code prefix}, an admin holds that snapshot (the guard had listed it unheld): zfs refuses
     * the destroy, as it would refuse one that became busy after every check.
     */
    private static final class HoldingRunner implements CommandRunner {
        private final String prefix;
        private String held;

        HoldingRunner(String prefix) {
            this.prefix = prefix;
        }

        @Override
        public CommandResult run(List<String> command, Duration timeout) {
            if (held == null && command.size() == 3 && command.get(0).equals("zfs") && command.get(1).equals("destroy")
                    && command.get(2).startsWith(prefix)) {
                held = command.get(2).split(",")[0];
                new ProcessCommandRunner().run(List.of("zfs", "hold", "admin", held), timeout).orThrow();
            }
            return new ProcessCommandRunner().run(command, timeout);
        }

        @Override
        public String host() {
            return "local";
        }
    }
}
