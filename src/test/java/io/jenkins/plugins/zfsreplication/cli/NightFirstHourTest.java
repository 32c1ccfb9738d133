package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.ZfsBackend;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTest;

/**
 * {@code night --check} before the first night: it reaches the hosts, finds the datasets and the
 * tools, reads the grants (root needs none), and says what is missing; it changes nothing. The dry
 * run: {@link FirstNightPreviewTest}; bad values: {@link NightDefaultsTest}.
 */
class NightFirstHourTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path folder;

    @ZfsTest
    void shouldCheckTheHostsTheDatasetsAndTheToolsChangingNothing(TestPools pools) throws IOException {
        DatasetName source = pools.create("fcsrc").resolve("home");
        DatasetName pool = pools.create("fcbak");
        DatasetName target = pool.resolve("home");
        pools.exec("zfs", "create", source.name());
        Path runs = folder.resolve("runs");
        Path config = config(source, target, runs);
        String version = new io.jenkins.plugins.zfsreplication.zfs.Zfs(runner(pools)).version();

        assertThat(run(pools, "night", "--config", config.toString(), "--check")).as(out + "\n" + err).isZero();
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
        assertThat(run(pools, "night", "--config", config.toString(), "--check")).as(out + "\n" + err).isEqualTo(1);
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

    /** The command line here; on OpenZFS with the guest's zfs as this host's (as in {@link PoolsCli}). */
    private int run(TestPools pools, String... args) {
        return Main.run(new CliEnvironment(runner(pools), new PrintWriter(out, true), new PrintWriter(err, true)), args);
    }

    private static CommandRunner runner(TestPools pools) {
        return pools.backend() == ZfsBackend.OPENZFS ? new PoolsCli.GuestAsLocal(pools.runner()) : new ProcessCommandRunner();
    }
}
