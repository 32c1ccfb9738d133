package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link ZfsDiff} against OpenZFS in the guest, run from this JVM over ssh: it lists changes, and
 * when the earlier snapshot was destroyed since (a prune between two nightly verifies) the changes
 * are unavailable, so the verify reads everything instead of failing night after night.
 */
@ExtendWith(OpenZfsTestBed.class)
class OpenZfsDiffTest {
    @Test
    void shouldListChangesAndBeUnavailableOnceTheEarlierSnapshotIsGone(TestPools pools) {
        DatasetName pool = pools.create("df");
        DatasetName dataset = pool.resolve("fs");
        pools.exec("zfs", "create", dataset.name());
        pools.write(dataset, "a", new byte[] {1});
        pools.exec("zfs", "snapshot", dataset + "@s1");
        pools.write(dataset, "b", new byte[] {2});
        pools.exec("zfs", "snapshot", dataset + "@s2");
        List<String> log = new ArrayList<>();

        TreeChanges changes = new ZfsDiff(pools.runner(), log::add).between(dataset + "@s1", dataset + "@s2");

        assertThat(changes.changed()).containsExactly("b");
        assertThat(changes.removed()).isEmpty();
        assertThat(log).contains("running: zfs diff -H -F " + dataset + "@s1 " + dataset + "@s2");

        pools.exec("zfs", "destroy", dataset + "@s1");
        assertThatThrownBy(() -> new ZfsDiff(pools.runner(), log::add).between(dataset + "@s1", dataset + "@s2"))
                .isInstanceOf(SnapshotChanges.Unavailable.class)
                .hasMessage("the earlier snapshot " + dataset + "@s1 no longer exists (destroyed since it was verified?)");
    }
}
