package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * What may decide a destroy, through the command line on zfs-fuse pools: another host's retention
 * properties (received with a stream in a cascade, or read on a source that is pulled from) never
 * decide what goes on the backup host; a target id's hold on every base it superseded is released;
 * a hold placed between the prune's listing and its destroys refuses the whole prune; and a new
 * target whose parent the run itself creates is not taken for an unreadable one.
 */
@ExtendWith(ZfsTestBed.class)
class PruneTrustTest {
    private static final List<String> NIGHTS = List.of("zr-20261101T000000Z", "zr-20261102T000000Z",
            "zr-20261103T000000Z", "zr-20261104T000000Z");
    private static final String NOW = "2026-11-05T00:00:00Z";
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @Test
    void shouldNotTakeTheTargetsRulesFromAPropertyReceivedInACascade(TestPools pools) throws IOException {
        DatasetName source = pools.create("cs").resolve("data");
        DatasetName middle = pools.create("cm").resolve("data");
        DatasetName last = pools.create("cl").resolve("data");
        pools.exec("zfs", "create", source.name());
        // the first hop's own rules for its target, set where they belong: on its source
        pools.exec("zfs", "set", "zfs-replication:keep-target=last: 1", source.name());
        NIGHTS.forEach(night -> pools.exec("zfs", "snapshot", source + "@" + night));
        assertThat(run("plan", "--target-root", middle.name(), "-o", dir("a"), source.name())).isZero();
        assertThat(run("run", dir("a") + "/plan.json", "--option", "properties", "--artifacts", dir("a")))
                .as(err.toString()).isZero();
        assertThat(pools.exec("zfs", "get", "-H", "-o", "source", "zfs-replication:keep-target", middle.name()).stdout()
                .strip()).isEqualTo("received");
        assertThat(run("plan", "--target-root", last.name(), "-o", dir("b"), middle.name())).isZero();
        assertThat(run("run", dir("b") + "/plan.json", "--artifacts", dir("b"))).as(err.toString()).isZero();
        assertThat(run("plan", "--target-root", last.name(), "-o", dir("b"), middle.name())).isZero();

        // the second hop's prune, by its own command's rules
        assertThat(run("prune", "--plan", dir("b") + "/plan.json", "--keep-target", "last: 3", "--now", NOW,
                "--destroy")).as(err.toString()).isZero();

        // the received 'last: 1' is another host's setting: the command's 'last: 3' decided
        assertThat(names(pools, last)).containsExactlyElementsOf(NIGHTS.subList(1, 4));
        JsonNode rule = retention(dir("b"), "target");
        assertThat(rule.get("rules").asText()).isEqualTo("last: 3");
        assertThat(rule.get("origin").asText()).isEqualTo("command-line");
        assertThat(rule.get("ignored").asText()).isEqualTo("received with a stream on " + middle
                + ": another host's rules, never this one's");
    }

    @Test
    void shouldNotTakeTheTargetsRulesFromThePropertiesOfASourcePulledFrom(TestPools pools) throws IOException {
        DatasetName source = pools.create("ps").resolve("data");
        DatasetName target = pools.create("pt").resolve("data");
        pools.exec("zfs", "create", source.name());
        pools.exec("zfs", "set", "zfs-replication:keep-target=last: 1", source.name());
        NIGHTS.forEach(night -> pools.exec("zfs", "snapshot", source + "@" + night));
        assertThat(run("plan", "--target-root", target.name(), "-o", dir("p"), source.name())).isZero();
        assertThat(run("run", dir("p") + "/plan.json", "--artifacts", dir("p"))).as(err.toString()).isZero();
        assertThat(run("plan", "--target-root", target.name(), "-o", dir("p"), source.name())).isZero();
        // the plan as the backup host makes it when it pulls: its source is another host (reached here
        // through a runner that takes that host for this one, so the listing is real)
        Path pulled = Path.of(dir("p"), "plan.json");
        ReplicationPlan plan = PlanJson.read(pulled);
        PlanJson.write(new ReplicationPlan(plan.createdAt(), "zfs-pull@storage", plan.targetHost(), plan.sourceRoots(),
                plan.targetRoot(), plan.datasets(), plan.refusedNames()), pulled);

        assertThat(runAs(new ThisHostAs("storage"), "prune", "--plan", pulled.toString(), "--keep-target", "last: 3",
                "--now", NOW, "--destroy")).as(err.toString()).isZero();
        List<String> kept = names(pools, target);
        // opted in, the source's property decides
        assertThat(runAs(new ThisHostAs("storage"), "prune", "--plan", pulled.toString(), "--keep-target", "last: 3",
                "--trust-source-keep-target", "--now", NOW, "--destroy")).as(err.toString()).isZero();

        assertThat(kept).containsExactlyElementsOf(NIGHTS.subList(1, 4));
        assertThat(retention(dir("p"), "target").get("rules").asText()).isEqualTo("last: 1");
        assertThat(names(pools, target)).containsExactly(NIGHTS.get(3));
    }

    @Test
    void shouldReleaseTheTargetIdsHoldFromEveryBaseItSuperseded(TestPools pools) {
        DatasetName source = pools.create("hs").resolve("data");
        DatasetName target = pools.create("ht").resolve("data");
        pools.exec("zfs", "create", source.name());
        NIGHTS.subList(0, 2).forEach(night -> pools.exec("zfs", "snapshot", source + "@" + night));
        assertThat(replicate(source, target, "h1")).as(err.toString()).isZero();
        // a hold an earlier run left on an older snapshot (it stopped after the hold, before the release)
        pools.exec("zfs", "hold", "zfs-replication:t", source + "@" + NIGHTS.get(0));
        pools.exec("zfs", "snapshot", source + "@" + NIGHTS.get(2));

        assertThat(replicate(source, target, "h2")).as(err.toString()).isZero();

        assertThat(userrefs(pools, source)).containsExactly(NIGHTS.get(0) + " 0", NIGHTS.get(1) + " 0",
                NIGHTS.get(2) + " 1");
        assertThat(userrefs(pools, target)).containsExactly(NIGHTS.get(0) + " 0", NIGHTS.get(1) + " 0",
                NIGHTS.get(2) + " 1");
        assertThat(err.toString()).contains("release zfs-replication:t from " + source + "@" + NIGHTS.get(0)
                + " (superseded by " + NIGHTS.get(2) + ")");
    }

    @Test
    void shouldRefuseTheWholePruneWhenASnapshotIsHeldBetweenItsListingAndItsDestroys(TestPools pools)
            throws IOException {
        DatasetName source = pools.create("gs").resolve("data");
        DatasetName target = pools.create("gt").resolve("data");
        pools.exec("zfs", "create", source.name());
        NIGHTS.forEach(night -> pools.exec("zfs", "snapshot", source + "@" + night));
        assertThat(replicate(source, target, "g1")).as(err.toString()).isZero();
        assertThat(run("plan", "--target-root", target.name(), "-o", dir("g2"), source.name())).isZero();
        // someone holds the oldest target snapshot after the prune listed it, before it destroys
        String held = target + "@" + NIGHTS.get(0);
        HoldingRunner runner = new HoldingRunner(List.of("zfs", "hold", "audit", held));
        try {
            int status = runAs(runner, "prune", "--plan", dir("g2") + "/plan.json", "--keep-target", "last: 1",
                    "--keep-source", "last: 1", "--now", NOW, "--destroy");

            assertThat(status).isEqualTo(2);
            assertThat(err.toString()).endsWith("error: Prune refused, it would break 'the base of every known target"
                    + " survives': " + held + " is held (userrefs=1): a hold records a target's base. Nothing was"
                    + " destroyed\n");
            assertThat(runner.commands).noneMatch(c -> c.contains("destroy"));
            assertThat(names(pools, source)).containsExactlyElementsOf(NIGHTS);
            assertThat(names(pools, target)).containsExactlyElementsOf(NIGHTS);
        } finally {
            pools.exec("zfs", "release", "audit", held);
        }
    }

    @Test
    void shouldPruneTheSourceOfANewTargetWhoseParentTheRunCreates(TestPools pools) throws IOException {
        // found by the simulation: the guard took a new child target, whose parent the run's own first
        // step creates, for one that cannot be read, and refused the prune
        DatasetName source = pools.create("ns").resolve("data");
        DatasetName target = pools.create("nt").resolve("data");
        pools.exec("zfs", "create", "-p", source + "/sub");
        NIGHTS.subList(0, 3).forEach(night -> pools.exec("zfs", "snapshot", source + "/sub@" + night));
        pools.exec("zfs", "snapshot", "-r", source + "@" + NIGHTS.get(3));
        assertThat(run("plan", "-r", "--target-root", target.name(), "-o", dir("n"), source.name())).isZero();

        int status = run("prune", "--plan", dir("n") + "/plan.json", "--keep-target", "last: 1", "--keep-source",
                "last: 1", "--now", NOW, "--destroy");

        assertThat(status).as(err.toString()).isZero();
        assertThat(names(pools, DatasetName.of(source + "/sub"))).containsExactly(NIGHTS.get(3));
        assertThat(names(pools, source)).containsExactly(NIGHTS.get(3));
    }

    /** plan and run with the target id "t". */
    private int replicate(DatasetName source, DatasetName target, String night) {
        int planned = run("plan", "--target-root", target.name(), "-o", dir(night), source.name());
        return planned != 0 ? planned : run("run", dir(night) + "/plan.json", "--target-id", "t", "--artifacts",
                dir(night));
    }

    private String dir(String name) {
        return folder.resolve(name).toString();
    }

    private JsonNode retention(String dir, String side) throws IOException {
        for (JsonNode rule : new ObjectMapper().readTree(Files.readString(Path.of(dir, "prune-report.json")))
                .get("retention")) {
            if (rule.get("side").asText().equals(side)) {
                return rule;
            }
        }
        throw new AssertionError("no " + side + " rules in the report");
    }

    private static List<String> names(TestPools pools, DatasetName dataset) {
        return TestApply.snapshots(pools, dataset.name()).stream().map(s -> s.split(" ")[0]).toList();
    }

    private static List<String> userrefs(TestPools pools, DatasetName dataset) {
        return names(pools, dataset).stream().map(name -> name + " " + pools.exec("zfs", "get", "-Hp", "-o", "value",
                "userrefs", dataset + "@" + name).stdout().strip()).toList();
    }

    private int run(String... args) {
        return runAs(new ProcessCommandRunner(), args);
    }

    private int runAs(CommandRunner runner, String... args) {
        return Main.run(new CliEnvironment(runner, new PrintWriter(out, true), new PrintWriter(err, true)), args);
    }

    /** This host's commands, as if this host were {@code name} reached over ssh: a pulled source's listing. */
    private record ThisHostAs(String name) implements CommandRunner {
        @Override
        public CommandResult run(List<String> command, Duration timeout) {
            List<String> argv = command;
            if (command.get(0).equals("ssh")) {
                argv = SimCluster.unquote(command.get(command.indexOf("--") + 1));
            }
            return new ProcessCommandRunner().run(argv, timeout);
        }

        @Override
        public String host() {
            return "local";
        }
    }

    /**
     * This host's commands; {@code hold} runs once right before the first listing that asks only for
     * {@code userrefs} beyond the core properties: the guard's, after the prune's own.
     */
    private static final class HoldingRunner implements CommandRunner {
        private final List<String> hold;
        private final List<List<String>> commands = new ArrayList<>();
        private boolean held;

        HoldingRunner(List<String> hold) {
            this.hold = hold;
        }

        @Override
        public CommandResult run(List<String> command, Duration timeout) {
            commands.add(command);
            if (!held && command.stream().anyMatch(argument -> argument.endsWith("referenced,userrefs"))) {
                held = true;
                new ProcessCommandRunner().run(hold, timeout).orThrow();
            }
            return new ProcessCommandRunner().run(command, timeout);
        }

        @Override
        public String host() {
            return "local";
        }
    }
}
