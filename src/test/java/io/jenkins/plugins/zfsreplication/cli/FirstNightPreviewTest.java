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
import org.junit.jupiter.api.io.TempDir;

import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsBackend;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTest;

/**
 * The night's dry run before its first night, as a newcomer meets it: tonight's snapshot simulated,
 * a full send and its size, "first night" instead of a CRITICAL check, and nothing written: no runs
 * directory, no lock, no temporary directory left, no snapshot taken. On OpenZFS the CLI runs here
 * with the guest's zfs as this host's (as in {@link PoolsCli}).
 */
class FirstNightPreviewTest {
    private static final String TONIGHT = "2026-11-01T02:00:00Z";
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @ZfsTest
    void shouldShowTheFirstNightWritingNothing(TestPools pools) throws IOException {
        DatasetName source = pools.create("fhsrc").resolve("home");
        DatasetName target = pools.create("fhbak").resolve("home");
        pools.exec("zfs", "create", source.name());
        pools.write(source, "first", bytes(new Random(41), 3 << 20));
        // the estimate is zfs's referenced, which counts a write once its transaction group is on disk
        pools.exec("sync");
        Path runs = folder.resolve("runs");
        Path config = config(source, target, runs);
        List<String> temporaryBefore = dryRunDirectories();

        assertThat(run(pools, "night", "--config", config.toString(), "--dry-run", "--now", TONIGHT)).as(out + "\n" + err).isZero();

        // nothing written: no runs directory, no lock, no temporary directory left; nothing taken or received
        assertThat(Files.exists(runs)).isFalse();
        assertThat(dryRunDirectories()).isEqualTo(temporaryBefore);
        assertThat(TestApply.snapshots(pools, source.name())).isEmpty();
        assertThat(new Zfs(pools.runner()).exists(target)).isFalse();
        // tonight's snapshot simulated: a full send of what the dataset holds (the oracle: zfs's own figure)
        long referenced = Long.parseLong(pools.exec("zfs", "get", "-Hp", "-o", "value", "referenced", source.name())
                .stdout().strip());
        String size = "about " + Sizes.human(referenced);
        assertThat(out.toString()).contains("tonight, as the night would go (dry run: @zr-20261101T020000Z simulated,"
                + " nothing taken, sent or written):\n"
                + "  " + source + " -> " + target + ": full send (a new copy), " + size + "\n"
                + "first night: full send of " + size + " (no copy yet; check is CRITICAL until this night has run)\n");
        assertThat(out.toString()).contains("night dry run: plan 0, prune 0, exit status 0\n");
        assertThat(out + "\n" + err).doesNotContain("--snapshot-now").doesNotContain("CRITICAL:");
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

    private int run(TestPools pools, String... args) {
        CommandRunner runner = pools.backend() == ZfsBackend.OPENZFS ? new PoolsCli.GuestAsLocal(pools.runner())
                : new ProcessCommandRunner();
        return Main.run(new CliEnvironment(runner, new PrintWriter(out, true), new PrintWriter(err, true)), args);
    }

    private static byte[] bytes(Random random, int size) {
        byte[] data = new byte[size];
        random.nextBytes(data);
        return data;
    }
}
