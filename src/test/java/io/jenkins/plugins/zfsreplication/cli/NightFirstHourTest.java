package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;

/**
 * The night before its first run, as a newcomer meets it: the dry run shows tonight (its snapshot
 * simulated, a full send and its size) and writes nothing, no lock either; a bad value of any stage
 * is refused before anything runs; {@code night --check} reaches the hosts and says what is missing.
 */
@ExtendWith(ZfsTestBed.class)
class NightFirstHourTest {
    private static final String TONIGHT = "2026-11-01T02:00:00Z";
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @Test
    void shouldShowTheFirstNightWritingNothing(TestPools pools) throws IOException {
        DatasetName source = pools.create("fhsrc").resolve("home");
        DatasetName target = pools.create("fhbak").resolve("home");
        pools.exec("zfs", "create", source.name());
        pools.write(source, "first", bytes(new Random(41), 3 << 20));
        Path runs = folder.resolve("runs");
        Path config = config(source, target, runs);
        List<String> temporaryBefore = dryRunDirectories();

        assertThat(run("night", "--config", config.toString(), "--dry-run", "--now", TONIGHT)).as(out + "\n" + err).isZero();

        // nothing written: no runs directory, no lock, no temporary directory left; nothing taken or received
        assertThat(Files.exists(runs)).isFalse();
        assertThat(dryRunDirectories()).isEqualTo(temporaryBefore);
        assertThat(TestApply.snapshots(pools, source.name())).isEmpty();
        assertThat(pools.exec("zfs", "list", target.name()).succeeded()).isFalse();
        // tonight's snapshot simulated: a full send of what the dataset holds (the oracle: zfs's own figure)
        long referenced = Long.parseLong(pools.exec("zfs", "get", "-Hp", "-o", "value", "referenced", source.name())
                .stdout().strip());
        String size = "about " + Sizes.human(referenced);
        assertThat(out.toString()).contains("tonight, as the night would go (dry run: @zr-20261101T020000Z simulated,"
                + " nothing taken, sent or written):\n"
                + "  " + source + " -> " + target + ": full send (a new copy), " + size + "\n"
                + "first night: full send of " + size + " (no copy yet; check is CRITICAL until this night has run)\n");
        assertThat(out.toString()).contains("night dry run: plan 0, prune 0, run 0, exit status 0\n");
        assertThat(out + "\n" + err).doesNotContain("--snapshot-now").doesNotContain("CRITICAL:");
    }

    @Test
    void shouldRefuseABadValueOfAnyStageBeforeAnythingRuns() throws IOException {
        Path runs = folder.resolve("runs");
        String good = "source = tank/home\ntarget-root = backup/home\nruns = " + runs + "\n";
        // each is read only when its stage starts, after plan has taken tonight's snapshot
        for (String bad : List.of("keep-target = grid: 14 days", "compress = brotli", "warn = 5 parsecs",
                "buffer = lots", "option = turbo", "concurrency = 0", "hash = md5", "coverage-nights = 0")) {
            StringWriter errors = new StringWriter();
            Path config = folder.resolve("night.conf");
            Files.writeString(config, good + bad + "\n");
            int status = Main.run(new CliEnvironment(new BadInputCorpusTest.Forbidden(), new PrintWriter(out, true),
                    new PrintWriter(errors, true)), "night", "--config", config.toString());
            assertThat(status).as(bad + ": " + errors).isEqualTo(2);
            String key = bad.substring(0, bad.indexOf(' '));
            assertThat(errors.toString()).as(bad).startsWith("error: " + config + ": " + (key.equals("warn")
                    ? "warn/crit: " : bad + ": ")).endsWith(" (nothing ran)" + System.lineSeparator()).hasLineCount(1);
            assertThat(Files.exists(runs)).as(bad).isFalse();
        }
    }

    @Test
    void shouldCheckTheHostsTheDatasetsAndTheToolsChangingNothing(TestPools pools) throws IOException {
        DatasetName source = pools.create("fcsrc").resolve("home");
        DatasetName pool = pools.create("fcbak");
        DatasetName target = pool.resolve("home");
        pools.exec("zfs", "create", source.name());
        Path runs = folder.resolve("runs");
        Path config = config(source, target, runs);
        String version = new io.jenkins.plugins.zfsreplication.zfs.Zfs(new ProcessCommandRunner()).capabilities().version();

        assertThat(run("night", "--config", config.toString(), "--check")).as(out + "\n" + err).isZero();
        assertThat(out.toString()).isEqualTo(String.join("\n",
                "config " + config + ": every value reads",
                "source (this host): reached, zfs " + version,
                "source (this host): runs as root, needs no delegated permission on " + source,
                "source (this host): setpriv, mbuffer present",
                "target (this host): reached, zfs " + version,
                "target (this host): " + target + " does not exist yet: the first night receives it under " + pool,
                "target (this host): runs as root, needs no delegated permission on " + pool,
                "ready: the night can run", ""));
        assertThat(Files.exists(runs)).isFalse();
        assertThat(TestApply.snapshots(pools, source.name())).isEmpty();

        // a source that is not there, a target whose pool is not there: not ready, and what to do
        out.getBuffer().setLength(0);
        Files.writeString(config, "source = " + source + "-gone\ntarget-root = nopool-fh/home\nruns = " + runs + "\n");
        assertThat(run("night", "--config", config.toString(), "--check")).as(out + "\n" + err).isEqualTo(1);
        assertThat(out.toString()).contains("source (this host): " + source + "-gone does not exist\n")
                .contains("target (this host): neither nopool-fh/home nor its parent exists: as root there run: zfs create"
                        + " -p -o mountpoint=none nopool-fh\n")
                .endsWith("not ready: see the lines above\n");
    }

    private Path config(DatasetName source, DatasetName target, Path runs) throws IOException {
        Path config = folder.resolve("night.conf");
        Files.writeString(config, String.join("\n", List.of(
                "source = " + source,
                "target-root = " + target,
                "keep-source = grid: 1x1d(keep=all) | 7x1d",
                "keep-target = grid: 1x1d(keep=all) | 14x1d",
                "runs = " + runs,
                "")));
        return config;
    }

    private static List<String> dryRunDirectories() throws IOException {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("zfsr-night-dry-run-")).sorted()
                    .toList();
        }
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
