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
 * {@link ZfsChanges} against OpenZFS in the guest, run from this JVM over ssh: it lists changes, and
 * when the earlier snapshot was destroyed since (a prune between two nightly verifies) the changes
 * are unavailable, so the verify reads everything instead of failing night after night.
 */
@ExtendWith(OpenZfsTestBed.class)
class OpenZfsChangesTest {
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

        TreeChanges changes = new ZfsChanges(pools.runner(), log::add).between(dataset + "@s1", dataset + "@s2");

        assertThat(changes.changed()).containsExactly("b");
        assertThat(changes.removed()).isEmpty();
        assertThat(log).contains("running: zfs diff -H -F " + dataset + "@s1 " + dataset + "@s2");

        pools.exec("zfs", "destroy", dataset + "@s1");
        assertThatThrownBy(() -> new ZfsChanges(pools.runner(), log::add).between(dataset + "@s1", dataset + "@s2"))
                .isInstanceOf(SnapshotChanges.Unavailable.class)
                .hasMessage("the earlier snapshot " + dataset + "@s1 no longer exists (destroyed since it was verified?)");
    }

    /**
     * A volume's changed chunks from zfs send -i's records: 4 KiB and 16 KiB written in three
     * places, 128 KiB discarded (zfs frees it), in 64 KiB chunks of an 8 MiB volume: exactly those
     * chunks, whatever the size of the blocks (16 KiB) they fall in.
     */
    @Test
    void shouldListTheChunksOfAVolumeTheStreamChanges(TestPools pools) {
        DatasetName pool = pools.create("dv");
        DatasetName volume = pool.resolve("vol");
        pools.exec("zfs", "create", "-V", "8M", "-o", "volblocksize=16K", volume.name());
        String device = "/dev/zvol/" + volume.name();
        volumeScript(pools, device, "head -c 8388608 /dev/urandom | dd of=\"$1\" bs=1M oflag=direct iflag=fullblock"
                + " status=none");
        pools.exec("zfs", "snapshot", volume + "@a");
        volumeScript(pools, device, "dd if=/dev/urandom of=\"$1\" bs=4K seek=25 count=1 oflag=direct status=none;"
                + " dd if=/dev/urandom of=\"$1\" bs=16K seek=64 count=1 oflag=direct status=none;"
                + " dd if=/dev/urandom of=\"$1\" bs=4K seek=2047 count=1 oflag=direct status=none;"
                + " blkdiscard -o 4194304 -l 131072 \"$1\"");
        pools.exec("zfs", "snapshot", volume + "@b");
        List<String> log = new ArrayList<>();

        ChangedChunks chunks = new ZfsChanges(pools.runner(), log::add).chunks(volume + "@a", volume + "@b",
                java.util.Set.of(SnapshotChanges.VOLUME_DATA), 64 << 10).get(SnapshotChanges.VOLUME_DATA);

        List<Long> changed = new ArrayList<>();
        for (long index = 0; index < 128; index++) {
            if (chunks.changed(index)) {
                changed.add(index);
            }
        }
        assertThat(changed).containsExactly(1L, 16L, 64L, 65L, 127L);
        assertThat(log).contains("running: zfs send -L -e -c -i " + volume + "@a " + volume + "@b (its records are"
                + " read, its data skipped)");

        pools.exec("zfs", "destroy", volume + "@a");
        assertThatThrownBy(() -> new ZfsChanges(pools.runner(), log::add).chunks(volume + "@a", volume + "@b",
                java.util.Set.of(SnapshotChanges.VOLUME_DATA), 64 << 10))
                .isInstanceOf(SnapshotChanges.Unavailable.class)
                .hasMessage("the earlier snapshot " + volume + "@a no longer exists (destroyed since it was verified?)");
    }

    /**
     * A file system's stream with compressed records (lz4, sent with -c) and embedded ones (a small
     * file's data in its block pointer, sent with -e): both are sized right, or the reader loses
     * its place and the stream is refused. A file's chunks are found by its inode number.
     */
    @Test
    void shouldReadCompressedAndEmbeddedRecordsAndFindFilesByInode(TestPools pools) {
        DatasetName pool = pools.create("dc");
        DatasetName dataset = pool.resolve("fs");
        pools.exec("zfs", "create", "-o", "compression=lz4", "-o", "recordsize=128K", dataset.name());
        String dir = pools.mountpoint(dataset).toString();
        pools.exec("sh", "-c", "cd \"$1\" && yes 0123456789abcdef | head -c 1048576 > text && printf '%060d' 7 > small"
                + " && sync", "set-up", dir);
        pools.exec("zfs", "snapshot", dataset + "@a");
        pools.exec("sh", "-c", "cd \"$1\" && yes fedcba9876543210 | head -c 4096 | dd of=text bs=4096 seek=600000"
                + " oflag=seek_bytes conv=notrunc status=none && printf '%060d' 8 > small && sync", "change", dir);
        pools.exec("zfs", "snapshot", dataset + "@b");
        String[] inodes = pools.exec("stat", "-c", "%i", dir + "/text", dir + "/small").stdout().trim().split("\\s+");
        long text = Long.parseLong(inodes[0]);
        long small = Long.parseLong(inodes[1]);
        List<String> log = new ArrayList<>();

        java.util.Map<Long, ChangedChunks> chunks = new ZfsChanges(pools.runner(), log::add).chunks(dataset + "@a",
                dataset + "@b", java.util.Set.of(text, small), 64 << 10);

        // 4 KiB at 600000 is in the 128 KiB record 4 (524288-655359): chunks 8 and 9 of 64 KiB
        List<Long> changed = new ArrayList<>();
        for (long index = 0; index < 16; index++) {
            if (chunks.get(text).changed(index)) {
                changed.add(index);
            }
        }
        assertThat(changed).containsExactly(8L, 9L);
        assertThat(chunks.get(small).changed(0)).isTrue();
        // the records were compressed ones: the 1 MiB file takes a fraction of that on disk
        String referenced = pools.exec("zfs", "get", "-Hp", "-o", "value", "referenced", dataset + "@a").stdout().trim();
        assertThat(Long.parseLong(referenced)).as("bytes on disk").isLessThan(200_000);
    }

    /** Runs {@code script} in the guest with the volume's device as $1, once the device is there. */
    static void volumeScript(TestPools pools, String device, String script) {
        pools.exec("sh", "-c", "set -e; for i in $(seq 1 100); do [ -e \"$1\" ] && break; sleep 0.1; done; " + script,
                "volume", device);
    }
}
