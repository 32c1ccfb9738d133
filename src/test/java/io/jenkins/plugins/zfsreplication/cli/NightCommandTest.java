package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * Two nights from one config file on zfs-fuse pools: each night's directory holds what the separate
 * commands write, the copy has the source's snapshots (GUIDs) and bytes, the second night verifies
 * only what changed, the audit chain of both holds; a held lock and a bad config do nothing.
 */
@ExtendWith(ZfsTestBed.class)
class NightCommandTest {
    private static final String NIGHT_1 = "2026-11-01T02:00:00Z";
    private static final String NIGHT_2 = "2026-11-02T02:00:00Z";
    private static final String NIGHT_3 = "2026-11-03T02:00:00Z";
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @Test
    void shouldRunTwoNightsIntoChainedDirectoriesWithAVerifiedCopy(TestPools pools) throws IOException {
        DatasetName source = pools.create("nsrc").resolve("home");
        DatasetName target = pools.create("nbak").resolve("home");
        pools.exec("zfs", "create", source.name());
        Random random = new Random(27);
        byte[] first = bytes(random, 3 << 20);
        pools.write(source, "first", first);
        Path runs = folder.resolve("runs");
        Path config = config(source, target, runs);
        // the copy is on this host and the test runs as root: it can be mounted (a clone) and compared
        Files.writeString(config, "verify = copy\n", StandardOpenOption.APPEND);

        assertThat(night(config, NIGHT_1)).as(out + "\n" + err).isZero();
        Path one = runs.resolve("1");
        assertThat(Files.list(one).map(p -> p.getFileName().toString()).sorted().toList()).contains("audit.json",
                "check.json", "night.json", "plan.json", "plan.txt", "prune-report.json", "transfer.json", "verify");
        assertThat(TestApply.snapshots(pools, target.name())).containsExactly(
                "zr-20261101T020000Z " + TestApply.guid(pools, source + "@zr-20261101T020000Z"));

        byte[] second = bytes(random, 1 << 20);
        pools.write(source, "second", second);
        assertThat(night(config, NIGHT_2)).as(out + "\n" + err).isZero();
        assertThat(TestApply.snapshots(pools, target.name())).containsExactly(
                "zr-20261101T020000Z " + TestApply.guid(pools, source + "@zr-20261101T020000Z"),
                "zr-20261102T020000Z " + TestApply.guid(pools, source + "@zr-20261102T020000Z"));
        JsonNode night = new ObjectMapper().readTree(runs.resolve("2").resolve("night.json").toFile());
        assertThat(night.get("snapshot").asText()).isEqualTo("zr-20261102T020000Z");
        assertThat(night.get("stages").findValuesAsText("name")).containsExactly("plan", "prune", "run", "verify",
                "verify", "compare", "check");
        assertThat(night.get("exitStatus").asInt()).isZero();
        // the second night's verify read again only what changed since the first night's manifest
        assertThat(err.toString()).contains("--since " + source + "@zr-20261101T020000Z");
        assertThat(run("audit", "verify", runs.resolve("1").toString(), runs.resolve("2").toString()))
                .as(err.toString()).isZero();
        // every record the night wrote, read by its format's own reader: none unreadable, the snapshot sent named
        JsonNode audit = new ObjectMapper().readTree(runs.resolve("2").resolve("audit.json").toFile());
        assertThat(audit.get("verdicts").findValuesAsText("verdict")).doesNotContain("unreadable");
        assertThat(audit.get("verdicts").toString()).contains("{\"artifact\":\"transfer.json\",\"verdict\":\"ok\"}");
        String sent = TestApply.guid(pools, source + "@zr-20261102T020000Z");
        for (DatasetName dataset : List.of(source, target)) {
            assertThat(audit.get("snapshots").toString()).contains("{\"dataset\":\"" + dataset
                    + "\",\"snapshot\":\"zr-20261102T020000Z\",\"guid\":\"" + sent + "\"}");
        }

        // a dry run: nothing taken, sent or destroyed, no numbered directory, the chain untouched
        List<String> before = TestApply.snapshots(pools, source.name());
        assertThat(run("night", "--config", config.toString(), "--dry-run", "--now", "2026-11-02T14:00:00Z"))
                .as(out + "\n" + err).isZero();
        assertThat(TestApply.snapshots(pools, source.name())).isEqualTo(before);
        assertThat(Files.exists(runs.resolve("3"))).isFalse();
        // zfs-fuse has neither send -nP nor written@: the incremental's size is unknown there
        assertThat(out.toString()).contains("  " + source + " -> " + target + ": incremental from zr-20261102T020000Z,"
                + " 1 step(s), size unknown\n").contains("night dry run: plan 0, prune 0, exit status 0");

        // a snapshot on the copy the source lacks: the copy diverged, the night goes through and says so (3)
        pools.exec("zfs", "snapshot", target + "@by-hand");
        assertThat(night(config, NIGHT_3)).as(out + "\n" + err).isEqualTo(3);
        JsonNode third = new ObjectMapper().readTree(runs.resolve("3").resolve("night.json").toFile());
        assertThat(third.get("exitStatus").asInt()).isEqualTo(3);
        assertThat(third.get("attention").get(0).asText()).startsWith(source + ": DIVERGED (");
        assertThat(out.toString()).contains("night 3: plan 0, prune 0, run 0, check 0, audit 0, 1 dataset(s) need attention,"
                + " exit status 3");

        // the bytes of the copy, read from it mounted (the oracle: the bytes written)
        pools.exec("zfs", "mount", target.name());
        assertThat(Files.readAllBytes(pools.mountpoint(target).resolve("first"))).isEqualTo(first);
        assertThat(Files.readAllBytes(pools.mountpoint(target).resolve("second"))).isEqualTo(second);
    }

    @Test
    void shouldMatchEveryByteOfTheCopyWithinTheNightsOfItsCoverage(TestPools pools) throws IOException {
        DatasetName source = pools.create("csrc").resolve("home");
        DatasetName target = pools.create("cbak").resolve("home");
        pools.exec("zfs", "create", source.name());
        Random random = new Random(29);
        pools.write(source, "first", bytes(random, 2 << 20));
        Path runs = folder.resolve("runs");
        Path config = config(source, target, runs);
        Files.writeString(config, "coverage-nights = 2\nverify = source\n", StandardOpenOption.APPEND);
        Path store = runs.resolve("coverage").resolve("manifests");

        assertThat(night(config, NIGHT_1)).as(out + "\n" + err).isZero();
        JsonNode one = new ObjectMapper().readTree(runs.resolve("1").resolve("night.json").toFile());
        // night.json is written before the audit record that seals it
        assertThat(one.get("stages").findValuesAsText("name")).containsExactly("plan", "prune", "run", "verify",
                "coverage", "check");
        // the source's manifest of tonight's snapshot, bound to its GUID on the source
        assertThat(Files.readString(store.resolve("zr-20261101T020000Z.guid")).strip())
                .isEqualTo(TestApply.guid(pools, source + "@zr-20261101T020000Z"));
        assertThat(Files.readAllBytes(store.resolve("zr-20261101T020000Z.manifest"))).isEqualTo(Files.readAllBytes(
                runs.resolve("1").resolve("verify").resolve(source.name().replace('/', '~') + ".source.manifest")));
        JsonNode slice1 = new ObjectMapper().readTree(runs.resolve("1").resolve("coverage-night.json").toFile());
        assertThat(slice1.get("findingCount").asInt()).isZero();

        pools.write(source, "second", bytes(random, 1 << 20));
        assertThat(night(config, NIGHT_2)).as(out + "\n" + err).isZero();
        JsonNode slice2 = new ObjectMapper().readTree(runs.resolve("2").resolve("coverage-night.json").toFile());
        // within two nights every byte of both snapshots of the copy is matched with the source's manifests
        assertThat(slice2.get("coverage").get("ratio").asDouble()).isEqualTo(1.0);
        assertThat(slice2.get("findingCount").asInt()).isZero();
        assertThat(Files.readString(runs.resolve("2").resolve("check.json"))).contains("\"coverage");

        // the copy's oldest snapshot goes (its own prune, here by hand): its manifest leaves the store
        pools.exec("zfs", "destroy", target + "@zr-20261101T020000Z");
        pools.write(source, "third", bytes(random, 1 << 20));
        assertThat(night(config, NIGHT_3)).as(out + "\n" + err).isZero();
        try (var files = Files.list(store)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList()).containsExactly(
                    "zr-20261102T020000Z.guid", "zr-20261102T020000Z.manifest", "zr-20261103T020000Z.guid",
                    "zr-20261103T020000Z.manifest");
        }
        assertThat(run("audit", "verify", runs.resolve("1").toString(), runs.resolve("2").toString(),
                runs.resolve("3").toString())).as(err.toString()).isZero();
    }

    @Test
    void shouldRefuseCoverageOfACopyOnAnotherHost() throws IOException {
        Path config = folder.resolve("night.conf");
        Files.writeString(config, "source = tank/home\ntarget-root = backup/home\ntarget-host = nas\ncoverage-nights = 7\n");
        int status = Main.run(new CliEnvironment(new BadInputCorpusTest.Forbidden(), new PrintWriter(out, true),
                new PrintWriter(err, true)), "night", "--config", config.toString());
        assertThat(status).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("error: " + config + ": coverage-nights needs the source and the copy on this"
                + " host and verify = copy or source (the source's manifests are what the copy is matched with)"
                + System.lineSeparator());
    }

    @Test
    void shouldDoNothingWhileAnotherNightHoldsTheLock() throws IOException {
        Path runs = Files.createDirectories(folder.resolve("runs"));
        Path config = config(DatasetName.of("tank/home"), DatasetName.of("backup/home"), runs);
        try (FileChannel channel = FileChannel.open(runs.resolve(".lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
            assertThat(lock.isValid()).isTrue();
            assertThat(night(config, NIGHT_1)).isEqualTo(75);
        }
        assertThat(err.toString()).isEqualTo("night: another night holds " + runs.resolve(".lock") + ": nothing done"
                + System.lineSeparator());
        assertThat(Files.list(runs).map(p -> p.getFileName().toString()).toList()).containsExactly(".lock");
    }

    @Test
    void shouldRefuseABadConfigInOneLineBeforeAnythingRuns() throws IOException {
        Path config = folder.resolve("night.conf");
        Files.writeString(config, "source = tank/home\ntarget-root = backup/home\nkeep-targte = last: 3\n");
        int status = Main.run(new CliEnvironment(new BadInputCorpusTest.Forbidden(), new PrintWriter(out, true),
                new PrintWriter(err, true)), "night", "--config", config.toString());
        assertThat(status).isEqualTo(2);
        assertThat(err.toString()).startsWith("error: " + config + ", line 3: unknown key 'keep-targte' (keys: ")
                .hasLineCount(1);
    }

    private Path config(DatasetName source, DatasetName target, Path runs) throws IOException {
        Path config = folder.resolve("night.conf");
        Files.writeString(config, String.join("\n", List.of(
                "# a night: tank/home to backup/home on this host",
                "source = " + source,
                "target-root = " + target,
                "keep-source = grid: 1x1d(keep=all) | 7x1d",
                "keep-target = grid: 1x1d(keep=all) | 14x1d",
                "runs = " + runs,
                "job = test-night",
                "")));
        return config;
    }

    private int night(Path config, String now) {
        return run("night", "--config", config.toString(), "--now", now);
    }

    private int run(String... args) {
        return Main.run(new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true),
                new PrintWriter(err, true)), args);
    }

    private static byte[] bytes(Random random, int size) {
        byte[] data = new byte[size];
        random.nextBytes(data);
        return data;
    }
}
