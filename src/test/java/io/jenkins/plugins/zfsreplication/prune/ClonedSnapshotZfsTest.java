package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.ArrayList;
import java.util.List;

import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTest;

/**
 * A file restored as docs/howto/restore.md says it: a clone of the copy's snapshot beside the
 * copy, outside what prune lists. zfs refuses to destroy a snapshot with a clone, and one refusal
 * made the prune fail and the night skip every dataset's transfer. The snapshot is kept and
 * reported; the rest of the prune goes on.
 */
class ClonedSnapshotZfsTest {
    private static final List<String> HOURLY = PruneZfsTest.HOURLY;

    @ZfsTest
    void shouldKeepASnapshotWithACloneAnywhereOnItsPoolAndPruneTheRest(TestPools pools) {
        DatasetName sourcePool = pools.create("csrc");
        DatasetName source = sourcePool.resolve("data");
        DatasetName targetPool = pools.create("cdst");
        DatasetName copy = targetPool.resolve("c");
        pools.exec("zfs", "create", source.name());
        Zfs zfs = new Zfs(pools.runner());
        HOURLY.subList(0, 4).forEach(name -> pools.exec("zfs", "snapshot", source + "@" + name));
        new TestApply(pools).apply(PruneZfsTest.plan(zfs, source, copy));
        // an admin restores from the copy, and someone clones the source's oldest snapshot
        pools.exec("zfs", "clone", copy + "@" + HOURLY.get(1), targetPool.resolve("restore").name());
        pools.exec("zfs", "clone", source + "@" + HOURLY.get(0), sourcePool.resolve("old").name());
        ReplicationPlan upToDate = PruneZfsTest.plan(zfs, source, copy);
        List<String> log = new ArrayList<>();

        PruneBeforeSend.Result result = PruneZfsTest.prune(zfs, "regex: ^nothing$", "regex: ^nothing$", true)
                .run(upToDate, log::add);

        assertThat(result.report().errors()).isEmpty();
        assertThat(result.report().decisions()).extracting(d -> d.side().label(), PruneDecision::snapshot,
                d -> d.verdict().decision(), d -> d.verdict().rule(), d -> d.verdict().destroyed()).containsExactly(
                tuple("target", HOURLY.get(0), Decision.DESTROY, "kept by no target rule", true),
                tuple("target", HOURLY.get(1), Decision.KEEP, "protected: has clones", false),
                tuple("target", HOURLY.get(2), Decision.DESTROY, "kept by no target rule", true),
                tuple("target", HOURLY.get(3), Decision.KEEP,
                        "protected: newest common snapshot (the next incremental's base)", false),
                tuple("source", HOURLY.get(0), Decision.KEEP, "protected: has clones", false),
                tuple("source", HOURLY.get(1), Decision.DESTROY, "kept by no source rule", true),
                tuple("source", HOURLY.get(2), Decision.DESTROY, "kept by no source rule", true),
                tuple("source", HOURLY.get(3), Decision.KEEP,
                        "protected: newest common snapshot (the next incremental's base)", false));
        assertThat(TestApply.snapshots(pools, copy.name())).extracting(s -> s.split(" ")[0])
                .containsExactly(HOURLY.get(1), HOURLY.get(3));
        assertThat(TestApply.snapshots(pools, source.name())).extracting(s -> s.split(" ")[0])
                .containsExactly(HOURLY.get(0), HOURLY.get(3));
        assertThat(log).contains(
                source + "@" + HOURLY.get(0) + " has a clone (" + sourcePool.resolve("old")
                        + "): kept, never destroyed while it has one",
                copy + "@" + HOURLY.get(1) + " has a clone (" + targetPool.resolve("restore")
                        + "): kept, never destroyed while it has one");
    }
}
