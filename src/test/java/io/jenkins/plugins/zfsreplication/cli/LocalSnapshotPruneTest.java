package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/** {@code snapshot} and {@code prune} without a plan: a host that keeps local snapshots only, on real pools. */
@ExtendWith(ZfsTestBed.class)
class LocalSnapshotPruneTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<List<String>> commands = new ArrayList<>();

    @TempDir
    Path dir;

    @Test
    void shouldSnapshotAWholeSubtreeInOneRecursiveCallAndLeaveExcludedDatasetsAlone(TestPools pools) {
        DatasetName pool = pools.create("lsnap");
        pools.exec("zfs", "create", pool + "/a");
        pools.exec("zfs", "create", pool + "/a/b");
        pools.exec("zfs", "create", pool + "/scratch");
        pools.exec("zfs", "set", "zfs-replication:backup=off", pool + "/scratch");

        int whole = run(pools, "snapshot", "-r", "--now", "2026-12-01T00:00:00Z", pool + "/a");

        assertThat(whole).as(err.toString()).isZero();
        assertThat(commands).filteredOn(c -> c.contains("snapshot")).containsExactly(
                List.of("zfs", "snapshot", "-r", pool + "/a@zr-20261201T000000Z"));
        assertThat(out.toString()).isEqualTo(pool + "/a@zr-20261201T000000Z\n" + pool + "/a/b@zr-20261201T000000Z\n");

        commands.clear();
        int withExclusion = run(pools, "snapshot", "-r", "--prefix", "hourly", "--now", "2026-12-01T01:00:00Z",
                pool.name());

        assertThat(withExclusion).as(err.toString()).isZero();
        assertThat(commands).filteredOn(c -> c.contains("snapshot")).noneMatch(c -> c.contains("-r"));
        assertThat(snapshotNames(pools, pool.name())).containsExactly(
                pool + "/a@zr-20261201T000000Z", pool + "/a/b@zr-20261201T000000Z",
                pool + "@hourly-20261201T010000Z", pool + "/a@hourly-20261201T010000Z",
                pool + "/a/b@hourly-20261201T010000Z");
    }

    @Test
    void shouldPruneBySourceRulesAloneDryRunFirstAndNeverTheNewestHeldOrForeignSnapshot(TestPools pools)
            throws Exception {
        DatasetName pool = pools.create("lprune");
        DatasetName data = pool.resolve("data");
        pools.exec("zfs", "create", data.name());
        List<String> names = List.of("zr-20261201T000000Z", "zr-20261201T010000Z", "zr-20261201T020000Z",
                "manual", "zr-20261201T030000Z", "zr-20261201T040000Z");
        names.forEach(n -> pools.exec("zfs", "snapshot", data + "@" + n));
        pools.exec("zfs", "hold", "keep", data + "@zr-20261201T000000Z");
        try {
            pruneTwice(pools, pool, data);
        } finally {
            pools.exec("zfs", "release", "keep", data + "@zr-20261201T000000Z");
        }
    }

    private void pruneTwice(TestPools pools, DatasetName pool, DatasetName data) throws Exception {
        int dry = run(pools, "prune", "-r", "--keep-source", "last: 1", "--now", "2026-12-01T05:00:00Z", "-o",
                dir.toString(), pool.name());

        assertThat(dry).as(err.toString()).isZero();
        JsonNode report = new ObjectMapper().readTree(dir.resolve("prune-report.json").toFile());
        assertThat(report.get("dryRun").asBoolean()).isTrue();
        assertThat(report.get("targetHost").asText()).isEqualTo("none");
        assertThat(report.get("sourceRules").asText()).isEqualTo("last: 1");
        assertThat(report.get("candidates")).extracting(c -> c.get("side").asText() + " " + c.get("dataset").asText()
                + "@" + c.get("snapshot").asText() + " " + c.get("decision").asText() + " " + c.get("rule").asText())
                .containsExactly(
                        "source " + data + "@zr-20261201T000000Z KEEP protected: held (userrefs=1)",
                        "source " + data + "@zr-20261201T010000Z DESTROY kept by no source rule",
                        "source " + data + "@zr-20261201T020000Z DESTROY kept by no source rule",
                        "source " + data + "@zr-20261201T030000Z DESTROY kept by no source rule",
                        "source " + data + "@zr-20261201T040000Z KEEP protected: newest snapshot after the transfer"
                                + " (the following incremental's base)");
        assertThat(commands).noneMatch(c -> c.contains("destroy"));
        assertThat(TestApply.snapshots(pools, data.name())).hasSize(6);

        commands.clear();
        int destroyed = run(pools, "prune", "-r", "--keep-source", "last: 1", "--now", "2026-12-01T05:00:00Z", "-o",
                dir.toString(), "--destroy", pool.name());

        assertThat(destroyed).as(err.toString()).isZero();
        // one zfs destroy naming all three where zfs takes that form (OpenZFS), one each on zfs-fuse
        assertThat(commands).filteredOn(c -> c.contains("destroy"))
                .flatMap(c -> List.of(c.get(c.size() - 1).substring(c.get(c.size() - 1).indexOf('@') + 1).split(",")))
                .containsExactly("zr-20261201T010000Z", "zr-20261201T020000Z", "zr-20261201T030000Z");
        assertThat(TestApply.snapshots(pools, data.name())).extracting(s -> s.split(" ")[0])
                .containsExactly("zr-20261201T000000Z", "manual", "zr-20261201T040000Z");
        assertThat(new ObjectMapper().readTree(dir.resolve("prune-report.json").toFile()).get("candidates"))
                .filteredOn(c -> c.get("destroyed").asBoolean()).hasSize(3);
    }

    @Test
    void shouldRefuseWhatLocalModeCannotDoBeforeRunningZfs(TestPools pools) throws Exception {
        DatasetName pool = pools.create("lbad");
        pools.exec("zfs", "snapshot", pool + "@zr-20261201T000000Z");
        Path plan = dir.resolve("plan.json");
        java.nio.file.Files.writeString(plan, "{}");
        commands.clear();

        assertThat(run(pools, "prune", "--keep-source", "last: 1", "--keep-target", "last: 1", "--destroy",
                pool.name())).isEqualTo(2);
        assertThat(run(pools, "prune", "--keep-source", "last: 1", "--target-host", "nas", pool.name())).isEqualTo(2);
        assertThat(run(pools, "prune", "--plan", plan.toString(), "--keep-source", "last: 1", pool.name())).isEqualTo(2);
        assertThat(run(pools, "prune", "--keep-source", "last: 1", "--destroy")).isEqualTo(2);
        assertThat(run(pools, "snapshot")).isEqualTo(2);
        assertThat(run(pools, "snapshot", "--prefix", "a;b", pool.name())).isEqualTo(2);

        assertThat(err.toString()).contains(
                "error: Pruning without a plan judges only the source: target rules need a plan",
                "error: --target-host needs a plan",
                "error: Give either --plan or SOURCE datasets, not both",
                "error: No source dataset given: name at least one root",
                "error: Invalid snapshot prefix 'a;b'");
        assertThat(commands).isEmpty();
        assertThat(TestApply.snapshots(pools, pool.name())).hasSize(1);
    }

    private static List<String> snapshotNames(TestPools pools, String root) {
        return pools.exec("zfs", "list", "-H", "-t", "snapshot", "-o", "name", "-s", "createtxg", "-r", root).stdout()
                .lines().toList();
    }

    private int run(TestPools pools, String... args) {
        return Main.run(new CliEnvironment(new TestApply.Recording(pools.runner(), commands), new PrintWriter(out, true),
                new PrintWriter(err, true)), args);
    }
}
