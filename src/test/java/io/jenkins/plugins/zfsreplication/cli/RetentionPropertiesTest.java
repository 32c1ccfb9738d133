package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * Per-dataset retention from {@code zfs-replication:keep-source} and {@code zfs-replication:keep-target}
 * on real pools: inherited as ZFS inherits, a child's own value winning, the command's rules where
 * no property is set; what remains is compared with what the test's own rules say, the oracle being
 * {@code zfs list} after the destroy.
 */
@ExtendWith(ZfsTestBed.class)
class RetentionPropertiesTest {
    private static final List<String> SNAPSHOTS = List.of("zr-20261201T000000Z", "zr-20261201T010000Z",
            "zr-20261201T020000Z", "zr-20261201T030000Z", "zr-20261201T040000Z");
    private static final String NOW = "2026-12-01T05:00:00Z";
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<List<String>> commands = new ArrayList<>();

    @TempDir
    Path dir;

    /** What {@code last: n} keeps of {@link #SNAPSHOTS}: the n youngest (the newest is protected anyway). */
    private static List<String> youngest(int n) {
        return SNAPSHOTS.subList(SNAPSHOTS.size() - n, SNAPSHOTS.size());
    }

    @Test
    void shouldPruneEachSubtreeByItsInheritedOrOwnKeepSourceAndTheRestByTheCommand(TestPools pools) throws Exception {
        DatasetName pool = pools.create("kprop");
        for (String child : List.of("/data", "/data/a", "/data/b", "/other")) {
            pools.exec("zfs", "create", pool + child);
        }
        SNAPSHOTS.forEach(s -> pools.exec("zfs", "snapshot", "-r", pool + "@" + s));
        pools.exec("zfs", "set", "zfs-replication:keep-source=last: 2", pool + "/data");
        pools.exec("zfs", "set", "zfs-replication:keep-source=last: 1", pool + "/data/b");

        int dry = run(pools, "prune", "-r", "--keep-source", "last: 3", "--now", NOW, "-o", dir.toString(),
                pool.name());

        assertThat(dry).as(err.toString()).isZero();
        JsonNode report = new ObjectMapper().readTree(dir.resolve("prune-report.json").toFile());
        assertThat(report.get("retention")).extracting(r -> r.get("dataset").asText() + " " + r.get("side").asText()
                + " " + r.get("rules").asText() + " " + r.get("origin").asText() + " "
                + (r.has("setOn") ? r.get("property").asText() + " " + r.get("setOn").asText() : "-"))
                .containsExactly(
                        pool + " source last: 3 command-line -",
                        pool + "/data source last: 2 property zfs-replication:keep-source " + pool + "/data",
                        pool + "/data/a source last: 2 property zfs-replication:keep-source " + pool + "/data",
                        pool + "/data/b source last: 1 property zfs-replication:keep-source " + pool + "/data/b",
                        pool + "/other source last: 3 command-line -");
        // the values come with the one listing; where they are set costs two small zfs get calls, not one per dataset
        assertThat(commands).filteredOn(c -> c.contains("-s")).containsExactly(
                List.of("zfs", "get", "-H", "-s", "local,received", "-o", "name,property,source", "-r",
                        "zfs-replication:keep-source,zfs-replication:keep-target", pool.name()),
                List.of("zfs", "get", "-H", "-s", "inherited", "-o", "name,property,source",
                        "zfs-replication:keep-source,zfs-replication:keep-target", pool.name()));
        assertThat(commands).noneMatch(c -> c.contains("destroy"));

        int destroyed = run(pools, "prune", "-r", "--keep-source", "last: 3", "--now", NOW, "-o", dir.toString(),
                "--destroy", pool.name());

        assertThat(destroyed).as(err.toString()).isZero();
        assertThat(names(pools, pool.name())).isEqualTo(youngest(3));
        assertThat(names(pools, pool + "/data")).isEqualTo(youngest(2));
        assertThat(names(pools, pool + "/data/a")).isEqualTo(youngest(2));
        assertThat(names(pools, pool + "/data/b")).isEqualTo(youngest(1));
        assertThat(names(pools, pool + "/other")).isEqualTo(youngest(3));
    }

    @Test
    void shouldLetKeepTargetOverrideTheCommandsRulesAndShowWhereEachRuleComesFrom(TestPools pools) throws Exception {
        DatasetName source = pools.create("ktsrc");
        DatasetName target = pools.create("ktdst");
        for (String child : List.of("/data", "/data/a", "/data/b", "/other")) {
            pools.exec("zfs", "create", source + child);
        }
        SNAPSHOTS.forEach(s -> pools.exec("zfs", "snapshot", "-r", source + "@" + s));
        assertThat(run(pools, "plan", "-r", "--target-root", target + "/copy", "-o", dir.toString(), source.name()))
                .as(err.toString()).isZero();
        // sent as the command line sends it: copies received unmounted, so that nothing writes into them
        // (a copy mounted as it arrives gets its children's mount points and is diverged on OpenZFS)
        new PoolsCli(pools).run(dir.resolve("plan.json").toString(), "--artifacts", dir.resolve("sent").toString());
        // on the source, where the data and its selection (zfs-replication:backup) are
        pools.exec("zfs", "set", "zfs-replication:keep-target=last: 2", source + "/data");
        pools.exec("zfs", "set", "zfs-replication:keep-target=last: 1", source + "/data/b");
        assertThat(run(pools, "plan", "-r", "--target-root", target + "/copy", "-o", dir.toString(), source.name()))
                .as(err.toString()).isZero();
        commands.clear();

        int pruned = run(pools, "prune", "--plan", dir.resolve("plan.json").toString(), "--keep-target", "last: 3",
                "--now", NOW, "--destroy");

        assertThat(pruned).as(err.toString()).isZero();
        String copy = target + "/copy";
        assertThat(names(pools, copy)).isEqualTo(youngest(3));
        assertThat(names(pools, copy + "/data")).isEqualTo(youngest(2));
        assertThat(names(pools, copy + "/data/a")).isEqualTo(youngest(2));
        assertThat(names(pools, copy + "/data/b")).isEqualTo(youngest(1));
        assertThat(names(pools, copy + "/other")).isEqualTo(youngest(3));
        for (String dataset : List.of("", "/data", "/data/a", "/data/b", "/other")) {
            assertThat(names(pools, source + dataset)).as("no source rules: the source keeps all").isEqualTo(SNAPSHOTS);
        }
        assertThat(Files.readString(dir.resolve("plan.txt"))).contains(
                source + "/data -> " + copy + "/data: UP_TO_DATE\n  the target has " + SNAPSHOTS.get(4)
                        + "\n  keep-source: none (no rules: nothing destroyed)\n"
                        + "  keep-target: last: 2 (zfs-replication:keep-target set here)\n",
                source + "/data/a -> " + copy + "/data/a: UP_TO_DATE\n  the target has " + SNAPSHOTS.get(4)
                        + "\n  keep-source: none (no rules: nothing destroyed)\n"
                        + "  keep-target: last: 2 (zfs-replication:keep-target inherited from " + source + "/data)\n",
                "  keep-target: last: 1 (zfs-replication:keep-target set here)\n",
                source + "/other -> " + copy + "/other: UP_TO_DATE\n  the target has " + SNAPSHOTS.get(4)
                        + "\n  keep-source: none (no rules: nothing destroyed)\n"
                        + "  keep-target: last: 3 (command line)\n");
        JsonNode retention = new ObjectMapper().readTree(dir.resolve("prune-report.json").toFile()).get("retention");
        assertThat(retention).filteredOn(r -> r.get("side").asText().equals("target"))
                .extracting(r -> r.get("targetDataset").asText() + " " + r.get("rules").asText() + " "
                        + r.get("origin").asText() + " " + (r.has("setOn") ? r.get("setOn").asText() : "-"))
                .containsExactly(copy + " last: 3 command-line -",
                        copy + "/data last: 2 property " + source + "/data",
                        copy + "/data/a last: 2 property " + source + "/data",
                        copy + "/data/b last: 1 property " + source + "/data/b",
                        copy + "/other last: 3 command-line -");
    }

    @Test
    void shouldRefuseAPropertyThatIsNotRulesInOneLineAndDestroyNothing(TestPools pools) throws IOException {
        DatasetName pool = pools.create("kbad");
        pools.exec("zfs", "create", pool + "/data");
        pools.exec("zfs", "create", pool + "/data/a");
        SNAPSHOTS.forEach(s -> pools.exec("zfs", "snapshot", "-r", pool + "@" + s));
        pools.exec("zfs", "set", "zfs-replication:keep-source=last: x", pool + "/data");

        // the parent is left out: the bad value reaches the child by inheritance, and the line says from where
        int status = run(pools, "prune", "-r", "--exclude", pool + "/data", "--keep-source", "last: 1", "--now", NOW,
                "-o", dir.toString(), "--destroy", pool.name());

        assertThat(status).isEqualTo(2);
        // the log line of the listing, then the one line of the error
        assertThat(err.toString().lines().filter(line -> line.startsWith("error:"))).containsExactly(
                "error: Bad zfs-replication:keep-source on " + pool + "/data/a (inherited from " + pool + "/data): Bad"
                        + " retention rule at column 7: expected a number (the number of snapshots to keep), found 'x':"
                        + " 'last: x'");
        assertThat(err.toString()).endsWith("'last: x'\n");
        assertThat(commands).noneMatch(c -> c.contains("destroy"));
        assertThat(dir.resolve("prune-report.json")).doesNotExist();
        for (String dataset : List.of("", "/data", "/data/a")) {
            assertThat(names(pools, pool + dataset)).isEqualTo(SNAPSHOTS);
        }

        // no rules at all, neither given nor set: refused after the listing, before any decision
        err.getBuffer().setLength(0);
        pools.exec("zfs", "inherit", "zfs-replication:keep-source", pool + "/data");
        assertThat(run(pools, "prune", "-r", "--destroy", pool.name())).isEqualTo(2);
        assertThat(err.toString()).endsWith("\nerror: Pruning without a plan needs the source's rules: give"
                + " --keep-source, or set zfs-replication:keep-source on the datasets (none under [" + pool
                + "] has it)\n");
        assertThat(err.toString().lines().filter(line -> line.startsWith("error:"))).hasSize(1);
        assertThat(commands).noneMatch(c -> c.contains("destroy"));
        assertThat(names(pools, pool.name())).isEqualTo(SNAPSHOTS);
    }

    private static List<String> names(TestPools pools, String dataset) {
        return TestApply.snapshots(pools, dataset).stream().map(s -> s.split(" ")[0]).toList();
    }

    private int run(TestPools pools, String... args) {
        return Main.run(new CliEnvironment(new TestApply.Recording(pools.runner(), commands), new PrintWriter(out, true),
                new PrintWriter(err, true)), args);
    }
}
