package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * One source, two targets, each with its target id: target b is offline (its pool exported) for
 * three nights while a replicates every night and the source is pruned to its newest snapshot.
 * b's base stays held on the source, so when b comes back both continue incrementally.
 */
@ExtendWith(ZfsTestBed.class)
class TwoTargetsTest {
    private static final List<String> NIGHTS = List.of("zr-20261101T000000Z", "zr-20261102T000000Z",
            "zr-20261103T000000Z", "zr-20261104T000000Z", "zr-20261105T000000Z");
    private static final int MIB = 1 << 20;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @Test
    void shouldKeepTheBaseOfATargetOfflineForThreeNightsAndContinueBothIncrementally(TestPools pools)
            throws IOException {
        DatasetName source = pools.create("src").resolve("data");
        DatasetName a = pools.create("ta").resolve("data");
        DatasetName b = pools.create("tb").resolve("data");
        pools.exec("zfs", "create", source.name());
        Random random = new Random(10);

        // night 1: 8 MiB, both targets receive it in full
        night(pools, source, 0, 8 * MIB, random);
        assertThat(replicate(source, a, "a", 0)).isZero();
        assertThat(replicate(source, b, "b", 0)).isZero();
        pools.exportPool(b.pool());

        // nights 2 to 4: 1 MiB more each; a replicates, the source keeps only what is needed
        for (int night = 1; night <= 3; night++) {
            night(pools, source, night, MIB, random);
            assertThat(replicate(source, a, "a", night)).as(err.toString()).isZero();
        }

        // night 5: b is back
        pools.exec("zpool", "import", "-d", imageDirectory(pools, b).toString(), b.pool());
        night(pools, source, 4, MIB, random);
        assertThat(replicate(source, a, "a", 4)).as(err.toString()).isZero();
        long expected = oracleBytes(source, NIGHTS.get(0), NIGHTS.get(4));
        assertThat(replicate(source, b, "b", 4)).as(err.toString()).isZero();

        // both continued incrementally: b from its base of night 1 to night 5, with night 4 in between
        JsonNode stepA = steps("a", 4).get(0);
        JsonNode stepB = steps("b", 4).get(0);
        assertThat(stepA.get("kind").asText() + " " + stepA.get("from").asText() + " " + stepA.get("to").asText())
                .isEqualTo("INCREMENTAL " + NIGHTS.get(3) + " " + NIGHTS.get(4));
        assertThat(stepB.get("kind").asText() + " " + stepB.get("from").asText() + " " + stepB.get("to").asText())
                .isEqualTo("INCREMENTAL_RANGE " + NIGHTS.get(0) + " " + NIGHTS.get(4));
        assertThat(steps("b", 4)).hasSize(1);
        // the meter reads /proc: mbuffer's few wake-up bytes may be counted with the stream
        assertThat(stepB.get("bytes").asLong()).isBetween(expected, expected + 16);
        assertThat(expected).isBetween(4L * MIB, 5L * MIB).isLessThan(oracleBytes(source, null, NIGHTS.get(4)) / 2);
        // the source lost nights 2 and 3; a has every night, b the ones the source still had
        assertThat(names(pools, source)).containsExactly(NIGHTS.get(0), NIGHTS.get(3), NIGHTS.get(4));
        assertThat(names(pools, a)).containsExactlyElementsOf(NIGHTS);
        assertThat(TestApply.snapshots(pools, b.name())).containsExactly(
                NIGHTS.get(0) + " " + TestApply.guid(pools, source + "@" + NIGHTS.get(0)),
                NIGHTS.get(3) + " " + TestApply.guid(pools, source + "@" + NIGHTS.get(3)),
                NIGHTS.get(4) + " " + TestApply.guid(pools, source + "@" + NIGHTS.get(4)));
        // each target's hold is on its newest base, nothing else is held
        assertThat(NIGHTS.stream().filter(n -> names(pools, source).contains(n))
                .map(n -> n + " " + userrefs(pools, source + "@" + n)).toList())
                .containsExactly(NIGHTS.get(0) + " 0", NIGHTS.get(3) + " 0", NIGHTS.get(4) + " 2");
        assertThat(err.toString()).contains("hold zfs-replication:b on " + source + "@" + NIGHTS.get(4),
                "release zfs-replication:b from " + source + "@" + NIGHTS.get(0) + " (superseded by "
                        + NIGHTS.get(4) + ")");
    }

    @Test
    void shouldLoseTheOfflineTargetsBaseWithoutTargetIds(TestPools pools) throws IOException {
        // the same nights without --target-id: nothing on the source says that b still needs night 1
        DatasetName source = pools.create("nsrc").resolve("data");
        DatasetName a = pools.create("nta").resolve("data");
        DatasetName b = pools.create("ntb").resolve("data");
        pools.exec("zfs", "create", source.name());
        Random random = new Random(10);
        night(pools, source, 0, MIB, random);
        assertThat(replicate(source, a, null, 0)).isZero();
        assertThat(replicate(source, b, null, 0)).isZero();
        pools.exportPool(b.pool());
        for (int night = 1; night <= 3; night++) {
            night(pools, source, night, MIB, random);
            assertThat(replicate(source, a, null, night)).as(err.toString()).isZero();
        }
        pools.exec("zpool", "import", "-d", imageDirectory(pools, b).toString(), b.pool());

        assertThat(names(pools, source)).containsExactly(NIGHTS.get(2), NIGHTS.get(3));
        assertThat(run("plan", "--target-root", b.name(), "-o", folder.resolve("b-back").toString(), source.name()))
                .isZero();
        assertThat(Files.readString(folder.resolve("b-back").resolve("plan.txt"))).doesNotContain(": SEND")
                .contains(source + " -> " + b + ": REFUSED");
    }

    /** A night: new data, then the night's snapshot. */
    private static void night(TestPools pools, DatasetName source, int night, int bytes, Random random)
            throws IOException {
        byte[] data = new byte[bytes];
        random.nextBytes(data);
        Files.write(pools.mountpoint(source).resolve("night" + night), data);
        pools.exec("zfs", "snapshot", source + "@" + NIGHTS.get(night));
    }

    /** plan, prune the source to its newest snapshot (destroying), run with the target id (if any). */
    private int replicate(DatasetName source, DatasetName target, String id, int night) {
        Path dir = folder.resolve((id == null ? target.pool() : id) + night);
        int planned = run("plan", "--target-root", target.name(), "-o", dir.toString(), source.name());
        if (planned != 0) {
            return planned;
        }
        int pruned = run("prune", "--plan", dir.resolve("plan.json").toString(), "--keep-source", "last: 1",
                "--destroy");
        if (pruned != 0) {
            return pruned;
        }
        return id == null ? run("run", dir.resolve("plan.json").toString(), "--artifacts", dir.toString())
                : run("run", dir.resolve("plan.json").toString(), "--target-id", id, "--artifacts", dir.toString());
    }

    private JsonNode steps(String id, int night) throws IOException {
        return new ObjectMapper().readTree(folder.resolve(id + night).resolve("transfer.json").toFile()).get("steps");
    }

    private static List<String> names(TestPools pools, DatasetName dataset) {
        return TestApply.snapshots(pools, dataset.name()).stream().map(s -> s.split(" ")[0]).toList();
    }

    private static String userrefs(TestPools pools, String snapshot) {
        return pools.exec("zfs", "get", "-Hp", "-o", "value", "userrefs", snapshot).stdout().strip();
    }

    /** The images lie two levels above a pool's mountpoint (see TestPools). */
    private static Path imageDirectory(TestPools pools, DatasetName dataset) {
        return pools.mountpoint(DatasetName.of(dataset.pool())).getParent().getParent();
    }

    /** The oracle: the bytes zfs send (-I from, or full without) prints, counted here. */
    private static long oracleBytes(DatasetName source, String from, String to) throws IOException {
        List<String> command = from == null ? List.of("zfs", "send", source + "@" + to)
                : List.of("zfs", "send", "-I", source + "@" + from, source + "@" + to);
        Process send = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        long count = 0;
        try (InputStream stream = send.getInputStream()) {
            byte[] buffer = new byte[1 << 16];
            for (int n = stream.read(buffer); n >= 0; n = stream.read(buffer)) {
                count += n;
            }
        }
        try {
            assertThat(send.waitFor()).isZero();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return count;
    }

    private int run(String... args) {
        return Main.run(new CliEnvironment(new ProcessCommandRunner(), new PrintWriter(out, true),
                new PrintWriter(err, true)), args);
    }
}
