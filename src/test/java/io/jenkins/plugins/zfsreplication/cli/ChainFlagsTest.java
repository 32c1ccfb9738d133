package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target's chain keeps the send flags it was started with (zfs-replication:send-flags on the
 * target), whatever later runs ask for or the hosts have learnt since: nights of the command line.
 */
class ChainFlagsTest {
    private static final String FLAGS = "zfs-replication:send-flags";

    /**
     * Started with -c -L (a full receive as a run makes one, and the record it leaves), the chain is
     * sent with them the next night, though the run asks for none. (One night in the guest: a full
     * receive's record is the zfs-fuse test's.)
     */
    @Test
    @ExtendWith(OpenZfsTestBed.class)
    void shouldSendTheNextNightWithTheFlagsTheChainWasStartedWith(TestPools pools, @TempDir Path dir) {
        PoolsCli cli = new PoolsCli(pools);
        DatasetName source = pools.create("cfs").resolve("data");
        DatasetName target = pools.create("cft").resolve("data");
        pools.exec("zfs", "create", "-o", "recordsize=1M", source.name());
        pools.write(source, "first", new byte[2 << 20]);
        pools.exec("zfs", "snapshot", source + "@zr-20261201T000000Z");
        pools.pipe(List.of("zfs", "send", "-c", "-L", source + "@zr-20261201T000000Z"), List.of("zfs", "recv", "-u",
                target.name()));
        pools.exec("zfs", "set", FLAGS + "=compressed,large-blocks", target.name());

        night(pools, cli, source, target, dir.resolve("2"), "2026-12-02T00:00:00Z");
        assertThat(cli.lastErr()).contains(target + ": sent with its chain's flags (compressed,large-blocks), not this "
                + "run's (none): a chain keeps the flags it was started with (" + FLAGS + "); reseed it to change them");
        assertThat(cli.lastErr()).containsPattern("started ssh .* 'zfs' 'send' '-c' '-L' '-i' '" + source + "@zr-");
    }

    /**
     * A chain recorded with a flag the hosts lack (large blocks, started on another zfs) is not sent at
     * all: reseed it. One recorded by no run (started before the record existed) adopts this run's.
     */
    @Test
    @ExtendWith(ZfsTestBed.class)
    void shouldRefuseAChainTheHostsCannotContinueAndAdoptOneNotRecorded(TestPools pools, @TempDir Path dir) {
        PoolsCli cli = new PoolsCli(pools);
        DatasetName source = pools.create("cfs").resolve("data");
        DatasetName target = pools.create("cft").resolve("data");
        pools.exec("zfs", "create", source.name());
        night(pools, cli, source, target, dir.resolve("1"), "2026-12-01T00:00:00Z");
        assertThat(local(pools, target)).isEqualTo("none");

        pools.exec("zfs", "set", FLAGS + "=large-blocks", target.name());
        pools.write(source, "two", new byte[4096]);
        cli.cli("plan", "--snapshot-now", "--now", "2026-12-02T00:00:00Z", "--target-root", target.name(), "-o",
                dir.resolve("2").toString(), source.name());
        int status = cli.runStatus(dir.resolve("2/plan.json").toString(), "--retries", "0", "--artifacts",
                dir.resolve("2").toString());

        assertThat(status).isEqualTo(1);
        assertThat(cli.lastErr()).contains(target + ": its chain was started with large-blocks (" + FLAGS + "), which"
                + " the hosts no longer have: large-blocks (source local), large-blocks (target local). Reseed it");
        assertThat(snapshots(pools, target)).containsExactly(target + "@zr-20261201T000000Z");

        pools.exec("zfs", "inherit", FLAGS, target.name());
        cli.run(dir.resolve("2/plan.json").toString(), "--retries", "0", "--artifacts", dir.resolve("2").toString());
        assertThat(cli.lastErr()).contains(target + ": the send flags of its chain were not recorded (it was started "
                + "before they were): this run's recorded (" + FLAGS + "=none)");
        assertThat(local(pools, target)).isEqualTo("none");
        assertThat(snapshots(pools, target)).containsExactly(target + "@zr-20261201T000000Z",
                target + "@zr-20261202T000000Z");
    }

    private static void night(TestPools pools, PoolsCli cli, DatasetName source, DatasetName target, Path out,
                              String now, String... options) {
        pools.write(source, now.substring(0, 10), new byte[2 << 20]);
        cli.cli("plan", "--snapshot-now", "--now", now, "--target-root", target.name(), "-o", out.toString(),
                source.name());
        List<String> run = new ArrayList<>(List.of(out.resolve("plan.json").toString(), "--retries", "0",
                "--artifacts", out.toString()));
        run.addAll(List.of(options));
        cli.run(run.toArray(String[]::new));
    }

    /** The property as set on the dataset itself ("" when not). */
    private static String local(TestPools pools, DatasetName dataset) {
        return pools.exec("zfs", "get", "-H", "-s", "local", "-o", "value", FLAGS, dataset.name()).stdout().strip();
    }

    private static List<String> snapshots(TestPools pools, DatasetName dataset) {
        return pools.exec("zfs", "list", "-H", "-t", "snapshot", "-o", "name", "-r", dataset.name()).stdout().lines()
                .toList();
    }
}
