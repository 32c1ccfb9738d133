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

import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/** The plan and prune subcommands in-process against real pools, and every kind of bad input. */
@ExtendWith(ZfsTestBed.class)
class PlanPruneCommandTest {
    private static final List<String> SNAPSHOTS = List.of("zr-20261129T010000Z", "zr-20261129T020000Z",
            "zr-20261129T030000Z");
    private static final List<String> FOUR = java.util.stream.Stream.concat(SNAPSHOTS.stream(),
            java.util.stream.Stream.of("zr-20261129T040000Z")).toList();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<List<String>> commands = new ArrayList<>();

    @TempDir
    Path folder;

    @Test
    void shouldPlanThenPruneInADryRunThenDestroyOnlyWithTheFlag(TestPools pools) throws IOException {
        DatasetName source = pools.create("csrc");
        DatasetName target = pools.create("cdst");
        SNAPSHOTS.forEach(s -> pools.exec("zfs", "snapshot", source + "@" + s));

        int planned = run(pools, "plan", "-r", "--target-root", target + "/copy", "--now", "2026-11-29T12:00:00Z",
                "-o", folder.toString(), source.name());

        assertThat(planned).as(err.toString()).isZero();
        assertThat(Files.readString(folder.resolve("plan.txt"))).contains(source + " -> " + target + "/copy: SEND",
                "full         @" + SNAPSHOTS.get(0), "-I @" + SNAPSHOTS.get(0) + " -> @" + SNAPSHOTS.get(2));
        assertThat(err.toString()).contains("objects listed in one call", "does not exist yet");

        // prune-before-send without --destroy: a dry run that rewrites the plan
        int dry = run(pools, "prune", "--plan", folder.resolve("plan.json").toString(), "--keep-target",
                "regex: T0[13]0000Z$", "--keep-source", "last: 1", "--now", "2026-11-29T12:00:00Z");

        assertThat(dry).as(err.toString()).isZero();
        JsonNode report = new ObjectMapper().readTree(folder.resolve("prune-report.json").toFile());
        assertThat(report.get("dryRun").asBoolean()).isTrue();
        assertThat(report.get("now").asText()).isEqualTo("2026-11-29T12:00:00Z");
        assertThat(report.get("nowBasis").asText()).isEqualTo("given");
        assertThat(report.get("snapshotsNotSent").asInt()).isEqualTo(1);
        assertThat(report.get("candidates")).extracting(c -> c.get("side").asText() + " " + c.get("snapshot").asText() + " "
                + c.get("decision").asText() + " " + c.get("guid").asText()).containsExactly(
                "planned " + SNAPSHOTS.get(0) + " KEEP " + TestApply.guid(pools, source + "@" + SNAPSHOTS.get(0)),
                "planned " + SNAPSHOTS.get(1) + " NOT_SENT " + TestApply.guid(pools, source + "@" + SNAPSHOTS.get(1)),
                "planned " + SNAPSHOTS.get(2) + " KEEP " + TestApply.guid(pools, source + "@" + SNAPSHOTS.get(2)),
                "source " + SNAPSHOTS.get(0) + " KEEP " + TestApply.guid(pools, source + "@" + SNAPSHOTS.get(0)),
                "source " + SNAPSHOTS.get(1) + " DESTROY " + TestApply.guid(pools, source + "@" + SNAPSHOTS.get(1)),
                "source " + SNAPSHOTS.get(2) + " KEEP " + TestApply.guid(pools, source + "@" + SNAPSHOTS.get(2)));
        assertThat(out.toString()).contains("would destroy source " + source + "@" + SNAPSHOTS.get(1));
        assertThat(Files.readString(folder.resolve("plan.txt"))).contains("-i @" + SNAPSHOTS.get(0) + " -> @" + SNAPSHOTS.get(2));
        assertThat(commands).noneMatch(c -> c.contains("destroy"));
        assertThat(TestApply.snapshots(pools, source.name())).hasSize(3);

        // with --destroy: the one snapshot no rule keeps goes, in one zfs destroy
        int destroyed = run(pools, "prune", "--plan", folder.resolve("plan.json").toString(), "--keep-target",
                "regex: T0[13]0000Z$", "--keep-source", "last: 1", "--now", "2026-11-29T12:00:00Z", "--destroy");

        assertThat(destroyed).as(err.toString()).isZero();
        assertThat(commands).filteredOn(c -> c.contains("destroy"))
                .containsExactly(List.of("zfs", "destroy", source + "@" + SNAPSHOTS.get(1)));
        assertThat(TestApply.snapshots(pools, source.name())).extracting(s -> s.split(" ")[0])
                .containsExactly(SNAPSHOTS.get(0), SNAPSHOTS.get(2));
    }

    @Test
    void shouldRefuseMalformedRulesPointingAtTheTokenAndDestroyNothing(TestPools pools) throws IOException {
        DatasetName source = pools.create("bsrc");
        SNAPSHOTS.forEach(s -> pools.exec("zfs", "snapshot", source + "@" + s));
        assertThat(run(pools, "plan", "--target-root", source + "/copy", "-o", folder.toString(), source.name())).isZero();
        commands.clear();
        err.getBuffer().setLength(0);

        int status = run(pools, "prune", "--plan", folder.resolve("plan.json").toString(), "--keep-target",
                "grid: 1x1h | 24x1q", "--destroy");

        assertThat(status).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("error: Bad retention rule at column 18: unknown unit 'q'; units are s, m"
                + " (minutes), h, d, w: 'grid: 1x1h | 24x1q'\n");
        assertThat(commands).isEmpty();
        assertThat(TestApply.snapshots(pools, source.name())).hasSize(3);
        assertThat(folder.resolve("prune-report.json")).doesNotExist();
    }

    @Test
    void shouldRefuseACorruptOrForeignPlanWithoutRunningZfs(TestPools pools) throws IOException {
        Path corrupt = Files.writeString(folder.resolve("corrupt.json"), "{\"format\": 1, \"kind\": \"zfs-repl");
        Path foreign = Files.writeString(folder.resolve("foreign.json"), "{\"name\": \"some other tool\"}");
        Path wrongField = Files.writeString(folder.resolve("field.json"), "{\"format\": 2, \"kind\": \"zfs-replication-plan\","
                + " \"createdAt\": \"yesterday\", \"sourceHost\": \"local\", \"targetHost\": \"local\","
                + " \"sourceRoots\": [\"tank\"], \"targetRoot\": \"backup\", \"datasets\": [], \"refusedNames\": []}");

        assertThat(run(pools, "prune", "--plan", corrupt.toString(), "--destroy")).isEqualTo(2);
        assertThat(run(pools, "prune", "--plan", foreign.toString(), "--destroy")).isEqualTo(2);
        assertThat(run(pools, "prune", "--plan", wrongField.toString(), "--destroy")).isEqualTo(2);

        assertThat(err.toString()).contains(corrupt + " is not valid JSON",
                foreign + " is not a zfs-replication plan (no \"kind\": \"zfs-replication-plan\")",
                wrongField + " is not a valid plan: field \"createdAt\" is 'yesterday', not an ISO-8601 instant");
        assertThat(commands).isEmpty();
    }

    @Test
    void shouldRefuseShellMetacharactersInNamesPatternsAndHosts(TestPools pools) {
        assertThat(run(pools, "plan", "--target-root", "tank/b", "tank/a;rm -rf /")).isEqualTo(2);
        assertThat(run(pools, "plan", "--target-root", "tank/$(reboot)", "tank/a")).isEqualTo(2);
        assertThat(run(pools, "plan", "--target-root", "tank/b", "--exclude", "tank/*`id`", "tank/a")).isEqualTo(2);
        assertThat(run(pools, "plan", "--target-root", "tank/b", "--target-host", "x;reboot", "tank/a")).isEqualTo(2);
        assertThat(run(pools, "plan", "--target-root", "tank/b", "--prefix", "zr|x", "tank/a")).isEqualTo(2);

        assertThat(err.toString()).contains("Invalid ZFS name 'tank/a;rm -rf /': character ';' at position 7",
                "Invalid ZFS name 'tank/$(reboot)': character '$' at position 6",
                "Invalid dataset pattern 'tank/*`id`': character '`' at position 7",
                "Invalid ssh destination 'x;reboot'", "Invalid snapshot prefix 'zr|x'");
        assertThat(commands).isEmpty();
    }

    @Test
    void shouldFailWithZfsOwnMessageForAnUnknownDataset(TestPools pools) {
        DatasetName pool = pools.create("usrc");

        int status = run(pools, "plan", "--target-root", pool + "/copy", "-o", folder.toString(), pool + "/missing");

        assertThat(status).isEqualTo(1);
        assertThat(err.toString()).contains("cannot open '" + pool + "/missing': dataset does not exist");
        assertThat(folder.resolve("plan.json")).doesNotExist();
    }

    @Test
    void shouldRefuseToPruneAgainstAVanishedTargetWithExitTwoAndWriteNothing(TestPools pools) throws IOException {
        DatasetName source = pools.create("ssrc");
        DatasetName target = pools.create("sdst");
        FOUR.subList(0, 2).forEach(s -> pools.exec("zfs", "snapshot", source + "@" + s));
        assertThat(run(pools, "plan", "--target-root", target + "/copy", "-o", folder.toString(), source.name())).isZero();
        assertThat(run(pools, "run", folder.resolve("plan.json").toString(), "--artifacts", folder.toString()))
                .as(err.toString()).isZero();
        FOUR.subList(2, 4).forEach(s -> pools.exec("zfs", "snapshot", source + "@" + s));
        assertThat(run(pools, "plan", "--target-root", target + "/copy", "-o", folder.toString(), source.name())).isZero();
        String plan = Files.readString(folder.resolve("plan.json"));
        List<String> before = TestApply.snapshots(pools, source.name());
        pools.exportPool(target.pool());
        commands.clear();
        err.getBuffer().setLength(0);

        int status = run(pools, "prune", "--plan", folder.resolve("plan.json").toString(), "--keep-source", "last: 1",
                "--destroy");

        assertThat(status).isEqualTo(2);
        assertThat(err.toString()).endsWith(String.format("error: The target is not readable: the pool %s of %s/copy is"
                + " not on local (exported, disk gone, or another host?). Nothing was pruned or destroyed: fix the target"
                + " (import its pool, check the target host) and plan again%n", target, target));
        assertThat(commands).noneMatch(c -> c.contains("destroy"));
        assertThat(TestApply.snapshots(pools, source.name())).isEqualTo(before).hasSize(4);
        assertThat(Files.readString(folder.resolve("plan.json"))).isEqualTo(plan);
        assertThat(folder.resolve("prune-report.json")).doesNotExist();
    }

    private int run(TestPools pools, String... args) {
        CommandRunner runner = new TestApply.Recording(pools.runner(), commands);
        return Main.run(new CliEnvironment(runner, new PrintWriter(out, true), new PrintWriter(err, true)), args);
    }
}
