package io.jenkins.plugins.zfsreplication.zfs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Which snapshot of a batched {@code zfs hold}/{@code zfs release} each line of zfs's stderr is
 * about, in the words of both zfs implementations: zfs-fuse's (seen on this machine's zfs-fuse
 * 0.7) and OpenZFS 2.x's libzfs, which say "snapshot" and, for a release, "hold from snapshot". A
 * line that names none of the batch leaves every outcome unknown (null).
 */
class HoldFailuresTest {
    private static final SnapshotName A1 = SnapshotName.parse("tank/a@1");
    private static final SnapshotName A10 = SnapshotName.parse("tank/a@10");
    private static final SnapshotName B1 = SnapshotName.parse("tank/b@1");
    private static final SnapshotName C1 = SnapshotName.parse("tank/c@1");
    private static final List<SnapshotName> BATCH = List.of(A1, A10, B1, C1);

    @Test
    void shouldNameTheSnapshotsOfZfsFuseLines() {
        assertThat(Zfs.holdFailures(BATCH, "cannot hold 'tank/a@1': tag already exists on this dataset\n"
                + "cannot open 'tank/c': dataset does not exist\n")).isEqualTo(Map.of(
                A1, "cannot hold 'tank/a@1': tag already exists on this dataset",
                C1, "cannot open 'tank/c': dataset does not exist"));
        assertThat(Zfs.holdFailures(BATCH, "cannot release 't:x' from 'tank/a@10': no such tag on this dataset\n"))
                .isEqualTo(Map.of(A10, "cannot release 't:x' from 'tank/a@10': no such tag on this dataset"));
    }

    @Test
    void shouldNameTheSnapshotsOfOpenZfsLines() {
        assertThat(Zfs.holdFailures(BATCH, "cannot hold snapshot 'tank/b@1': tag already exists on this dataset\n"
                + "cannot release hold from snapshot 'tank/a@10': no such tag on this dataset\n")).isEqualTo(Map.of(
                B1, "cannot hold snapshot 'tank/b@1': tag already exists on this dataset",
                A10, "cannot release hold from snapshot 'tank/a@10': no such tag on this dataset"));
    }

    @Test
    void shouldKnowNothingWhenALineNamesNoneOfTheBatch() {
        assertThat(Zfs.holdFailures(BATCH, "cannot hold 'tank/a@1': tag already exists on this dataset\n"
                + "internal error: out of memory\n")).isNull();
        assertThat(Zfs.holdFailures(BATCH, "connect: Connection refused\n")).isNull();
        assertThat(Zfs.holdFailures(BATCH, "")).isNull();
    }
}
