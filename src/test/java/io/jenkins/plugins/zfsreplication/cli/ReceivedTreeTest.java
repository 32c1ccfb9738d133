package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recursive replication of a parent with children, run twice: the first run's receives must
 * leave every received file system as it arrived, so that the second run is incremental for all
 * of them (once the child's receive changed the parent's copy and it was reported diverged).
 */
class ReceivedTreeTest {

    @ZfsTest
    void shouldSendTheParentIncrementallyOnTheSecondRun(TestPools pools, @TempDir Path dir) throws Exception {
        PoolsCli cli = new PoolsCli(pools);
        DatasetName source = pools.create("rs").resolve("home");
        DatasetName targetPool = pools.create("rt");
        pools.exec("zfs", "create", "-p", source.resolve("alice/mail").name()); // creates home too
        pools.exec("zfs", "create", source.resolve("bob").name());
        for (String child : List.of("", "alice", "alice/mail", "bob")) {
            DatasetName dataset = child.isEmpty() ? source : source.resolve(child);
            pools.write(dataset, "file", new byte[32 << 10]);
        }

        night(cli, dir.resolve("1"), source, targetPool, "2026-11-01T00:00:00Z");
        List<DatasetPlan> second = night(cli, dir.resolve("2"), source, targetPool, "2026-11-02T00:00:00Z");

        assertThat(second).extracting(plan -> plan.target().name() + " " + plan.action() + " "
                + plan.steps().stream().map(step -> step.kind().name()).toList())
                .as(cli.lastErr())
                .containsExactlyInAnyOrder(
                        targetPool + "/home SEND [" + SendKind.INCREMENTAL + "]",
                        targetPool + "/home/alice SEND [" + SendKind.INCREMENTAL + "]",
                        targetPool + "/home/alice/mail SEND [" + SendKind.INCREMENTAL + "]",
                        targetPool + "/home/bob SEND [" + SendKind.INCREMENTAL + "]");
        assertThat(pools.exec("zfs", "get", "-H", "-r", "-o", "name,value", "readonly,canmount",
                targetPool.resolve("home").name()).stdout().lines().filter(line -> !line.contains("@")).sorted().toList()).containsExactly(
                        targetPool + "/home\tnoauto", targetPool + "/home\ton",
                        targetPool + "/home/alice\tnoauto", targetPool + "/home/alice\ton",
                        targetPool + "/home/alice/mail\tnoauto", targetPool + "/home/alice/mail\ton",
                        targetPool + "/home/bob\tnoauto", targetPool + "/home/bob\ton");
    }

    /** Snapshot, plan and run; returns the night's plan as it was made (before its run). */
    private static List<DatasetPlan> night(PoolsCli cli, Path dir, DatasetName source, DatasetName targetPool, String now)
            throws Exception {
        cli.cli("plan", "-r", "--snapshot-now", "--now", now, "--target-root", targetPool.resolve("home").name(), "-o",
                dir.toString(), source.name());
        List<DatasetPlan> plans = PlanJson.read(dir.resolve("plan.json")).datasets();
        cli.run(dir.resolve("plan.json").toString(), "--artifacts", dir.resolve("transfer").toString());
        assertThat(plans).extracting(DatasetPlan::action).doesNotContain(DatasetAction.DIVERGED);
        return plans;
    }
}
