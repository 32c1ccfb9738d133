package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestClock;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * The nights that do not go as planned, through the command line on zfs-fuse pools, as a user
 * meets them: a target pool missing when the plan is made, a snapshot dated in the future, and
 * nights whose transfer never happens. In each, prune must not destroy what a backup needs
 * (docs/prune-safety.md).
 */
@ExtendWith(ZfsTestBed.class)
class PruneSafetyTest {
    private static final List<String> NIGHTS = List.of("zr-20261101T000000Z", "zr-20261102T000000Z",
            "zr-20261103T000000Z", "zr-20261104T000000Z", "zr-20261105T000000Z", "zr-20261106T000000Z",
            "zr-20261107T000000Z");
    /** Dated years after the real clock (a fixed year would one day be the past) */
    private static final String FUTURE = TestClock.afterRealClock().nameAhead(Duration.ofDays(4 * 365));
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @Test
    void shouldRefuseToPlanAgainstAMissingTargetPoolAndDestroyNoBase(TestPools pools) throws IOException {
        DatasetName source = pools.create("ms").resolve("data");
        DatasetName target = pools.create("mt").resolve("data");
        pools.exec("zfs", "create", source.name());
        NIGHTS.subList(0, 3).forEach(night -> pools.exec("zfs", "snapshot", source + "@" + night));
        assertThat(replicate(source, target, "n1")).as(err.toString()).isZero();
        NIGHTS.subList(3, 5).forEach(night -> pools.exec("zfs", "snapshot", source + "@" + night));
        pools.exportPool(target.pool());
        err.getBuffer().setLength(0);

        int planned = run("plan", "--target-root", target.name(), "-o", folder.resolve("n2").toString(),
                source.name());
        int pruned = run("prune", "--plan", folder.resolve("n2/plan.json").toString(), "--keep-source", "last: 1",
                "--keep-target", "last: 1", "--destroy");

        // every snapshot is still there, the base of the target's incrementals (night 3) with them
        assertThat(names(pools, source)).containsExactlyElementsOf(NIGHTS.subList(0, 5));
        // the plan says which: not a new target, a target it cannot read; nothing depends on it
        assertThat(planned).isEqualTo(1);
        String missing = "the pool " + target.pool() + " of " + target + " is not on local (exported, disk gone, or"
                + " another host?)";
        assertThat(Files.readString(folder.resolve("n2/plan.txt"))).contains(source + " -> " + target
                + ": REFUSED", "target not readable: " + missing).doesNotContain("full");
        assertThat(err.toString()).contains("error: The target is not readable: " + missing + ". Every dataset is"
                + " REFUSED: nothing will be sent or pruned by this plan. Fix the target (import its pool, create the"
                + " parent, check the target host) and plan again");
        assertThat(pruned).as(err.toString()).isZero();
    }

    @Test
    void shouldTellANewTargetFromOneWhoseParentIsMissing(TestPools pools) throws IOException {
        DatasetName source = pools.create("ps").resolve("data");
        DatasetName pool = pools.create("pt");
        pools.exec("zfs", "create", source.name());
        pools.exec("zfs", "snapshot", source + "@" + NIGHTS.get(0));

        int missingParent = run("plan", "--target-root", pool + "/gone/data", "-o", folder.resolve("a").toString(),
                source.name());
        int newTarget = run("plan", "--target-root", pool + "/data", "-o", folder.resolve("b").toString(),
                source.name());

        assertThat(missingParent).isEqualTo(1);
        assertThat(Files.readString(folder.resolve("a/plan.txt"))).contains(source + " -> " + pool + "/gone/data: REFUSED",
                "target not readable: the parent " + pool + "/gone of " + pool + "/gone/data does not exist on local: a"
                        + " new target needs it (zfs create -p " + pool + "/gone)");
        assertThat(newTarget).isZero();
        assertThat(Files.readString(folder.resolve("b/plan.txt"))).contains(source + " -> " + pool + "/data: SEND",
                "new target: full send of " + NIGHTS.get(0));
    }

    @Test
    void shouldTakeNoFutureSnapshotForNowNorAgeTheRealOnesByIt(TestPools pools) throws IOException {
        DatasetName source = pools.create("fs").resolve("data");
        DatasetName target = pools.create("ft").resolve("data");
        pools.exec("zfs", "create", source.name());
        NIGHTS.subList(0, 5).forEach(night -> pools.exec("zfs", "snapshot", source + "@" + night));
        pools.exec("zfs", "snapshot", source + "@" + FUTURE);
        assertThat(replicate(source, target, "n1")).as(err.toString()).isZero();
        assertThat(names(pools, target)).hasSize(6);
        pools.exec("zfs", "snapshot", source + "@" + NIGHTS.get(5));
        err.getBuffer().setLength(0);
        out.getBuffer().setLength(0);

        assertThat(run("plan", "--target-root", target.name(), "-o", folder.resolve("n2").toString(), source.name()))
                .as(err.toString()).isZero();
        int pruned = run("prune", "--plan", folder.resolve("n2/plan.json").toString(), "--now", "newest",
                "--keep-source", "grid: 1x30d(keep=all)", "--keep-target", "grid: 1x30d(keep=all)", "--destroy");
        JsonNode report = new ObjectMapper().readTree(folder.resolve("n2/prune-report.json").toFile());

        // now is the newest snapshot not from the future; the future one is named and kept
        assertThat(pruned).as(err.toString()).isZero();
        assertThat(report.get("now").asText()).isEqualTo("2026-11-06T00:00:00Z");
        assertThat(report.get("nowBasis").asText()).isEqualTo("newest snapshot on the source (ignoring 1 whose time is"
                + " not trusted: " + source + "@" + FUTURE + ")");
        assertThat(names(pools, source)).containsExactly(NIGHTS.get(0), NIGHTS.get(1), NIGHTS.get(2), NIGHTS.get(3),
                NIGHTS.get(4), FUTURE, NIGHTS.get(5));
        assertThat(names(pools, target)).containsExactly(NIGHTS.get(0), NIGHTS.get(1), NIGHTS.get(2), NIGHTS.get(3),
                NIGHTS.get(4), FUTURE);
        assertThat(decision(report, "source", FUTURE)).isEqualTo("KEEP protected: dated in the future (after this"
                + " host's clock plus 15 min): its time is not trusted");

        // check does not take the future name for the copy's age either: the copy is as old as its
        // snapshot's creation (made seconds ago), never younger than that, never "from the future"
        out.getBuffer().setLength(0);
        int checked = run("check", "--target-root", target.name(), source.name());
        assertThat(checked).as(out.toString()).isZero();
        assertThat(out.toString()).startsWith("ZFS-REPLICATION OK - ").containsPattern("OK " + source + " -> "
                + target + ": newest common snapshot @" + FUTURE + " is [0-9dhms]+ old");
    }

    @Test
    void shouldNotDrainTheTargetOnNightsWhoseTransferNeverHappens(TestPools pools) throws IOException {
        DatasetName source = pools.create("ds").resolve("data");
        DatasetName target = pools.create("dt").resolve("data");
        pools.exec("zfs", "create", source.name());
        NIGHTS.subList(0, 3).forEach(night -> pools.exec("zfs", "snapshot", source + "@" + night));
        assertThat(replicate(source, target, "n0")).as(err.toString()).isZero();
        assertThat(names(pools, target)).containsExactlyElementsOf(NIGHTS.subList(0, 3));

        // four nights: snapshot, plan, prune-before-send with the target's rules; the run never comes
        for (int night = 3; night < 7; night++) {
            pools.exec("zfs", "snapshot", source + "@" + NIGHTS.get(night));
            String dir = folder.resolve("n" + night).toString();
            assertThat(run("plan", "--target-root", target.name(), "-o", dir, source.name())).as(err.toString())
                    .isZero();
            assertThat(run("prune", "--plan", dir + "/plan.json", "--keep-target", "last: 3", "--destroy"))
                    .as(err.toString()).isZero();
        }

        // the target keeps the three real snapshots its rules keep, whatever was planned
        assertThat(names(pools, target)).containsExactlyElementsOf(NIGHTS.subList(0, 3));
        // and once the snapshots arrive, the next prune lets the old ones go
        assertThat(run("run", folder.resolve("n6/plan.json").toString(), "--artifacts",
                folder.resolve("n6").toString())).as(err.toString()).isZero();
        assertThat(run("plan", "--target-root", target.name(), "-o", folder.resolve("n7").toString(), source.name()))
                .isZero();
        assertThat(run("prune", "--plan", folder.resolve("n7/plan.json").toString(), "--keep-target", "last: 3",
                "--destroy")).as(err.toString()).isZero();
        assertThat(names(pools, target)).containsExactlyElementsOf(NIGHTS.subList(4, 7));
    }

    /** plan and run, no prune. */
    private int replicate(DatasetName source, DatasetName target, String night) {
        Path dir = folder.resolve(night);
        int planned = run("plan", "--target-root", target.name(), "-o", dir.toString(), source.name());
        if (planned != 0) {
            return planned;
        }
        return run("run", dir.resolve("plan.json").toString(), "--artifacts", dir.toString());
    }

    private static String decision(JsonNode report, String side, String snapshot) {
        for (JsonNode candidate : report.get("candidates")) {
            if (candidate.get("side").asText().equals(side) && candidate.get("snapshot").asText().equals(snapshot)) {
                return candidate.get("decision").asText() + " " + candidate.get("rule").asText();
            }
        }
        return "not judged";
    }

    private static List<String> names(TestPools pools, DatasetName dataset) {
        return TestApply.snapshots(pools, dataset.name()).stream().map(s -> s.split(" ")[0]).toList();
    }

    private int run(String... args) {
        return Main.run(new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true),
                new PrintWriter(err, true)), args);
    }
}
