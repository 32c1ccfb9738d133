package io.jenkins.plugins.zfsreplication.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;

/**
 * The tests' stand-in for the transfer: runs a plan's steps with real {@code zfs send} into a
 * file and {@code zfs recv} from it on the pools' host ({@link TestPools#pipe}: each stream's bytes
 * are counted exactly), step by step.
 * A step with {@code rollback} first rolls the target back to its base ({@code zfs rollback -r}),
 * then receives with {@code -F}.
 */
public final class TestApply {
    private final TestPools pools;

    public TestApply(TestPools pools) {
        this.pools = pools;
    }

    /** Applies every step; returns the stream bytes per step, in plan order ("dataset@to" keys). */
    public Map<String, Long> apply(ReplicationPlan plan) {
        Map<String, Long> bytes = new LinkedHashMap<>();
        for (SendStep step : plan.steps()) {
            bytes.put(step.target() + "@" + step.to().name(), apply(step));
        }
        return bytes;
    }

    public long apply(SendStep step) {
        if (step.rollback()) {
            pools.exec("zfs", "rollback", "-r", step.target() + "@" + step.from().name());
        }
        List<String> send = new ArrayList<>(List.of("zfs", "send"));
        switch (step.kind()) {
            case FULL -> { }
            case INCREMENTAL -> send.addAll(List.of("-i", step.fromSnapshot().toString()));
            case INCREMENTAL_RANGE -> send.addAll(List.of("-I", step.fromSnapshot().toString()));
            case RESUME -> throw new IllegalArgumentException("a resume step is the transfer's to run");
        }
        send.add(step.toSnapshot().toString());
        List<String> recv = new ArrayList<>(List.of("zfs", "recv"));
        if (step.rollback()) {
            recv.add("-F");
        }
        recv.add(step.target().name());
        return pools.pipe(send, recv);
    }

    /** The oracle: zfs list (oldest first) and zfs get, "name guid" per snapshot of exactly this dataset. */
    public static List<String> snapshots(TestPools pools, String dataset) {
        return pools.exec("zfs", "list", "-H", "-t", "snapshot", "-o", "name", "-s", "createtxg", "-r", dataset)
                .stdout().lines().filter(line -> line.startsWith(dataset + "@"))
                .map(line -> line.substring(dataset.length() + 1) + " " + guid(pools, line)).toList();
    }

    public static String guid(TestPools pools, String snapshot) {
        return pools.exec("zfs", "get", "-Hp", "-o", "value", "guid", snapshot).stdout().strip();
    }

    /**
     * Makes the pool's pending writes visible in its properties: a property change waits for a
     * transaction group sync, and referenced/used are updated at sync.
     */
    public static void settle(TestPools pools, io.jenkins.plugins.zfsreplication.zfs.DatasetName dataset) {
        pools.exec("zfs", "set", "zfs-replication:settle=1", dataset.pool());
        pools.exec("zfs", "inherit", "zfs-replication:settle", dataset.pool());
    }

    /** Passes commands to the real runner and keeps them, so a test can say which ran. */
    public record Recording(CommandRunner delegate, List<List<String>> commands) implements CommandRunner {
        @Override
        public CommandResult run(List<String> command, java.time.Duration timeout) {
            commands.add(command);
            return delegate.run(command, timeout);
        }

        @Override
        public String host() {
            return delegate.host();
        }
    }
}
