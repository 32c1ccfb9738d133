package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsGuest;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;

/**
 * Verify where only OpenZFS can show it, with the CLI run inside the guest next to the data: a zvol
 * through /dev/zvol, and a snapshot through .zfs/snapshot (zfs-fuse has neither). The oracle is
 * xxhsum -H1 of each chunk as dd reads it in the guest.
 */
@ExtendWith(OpenZfsTestBed.class)
class OpenZfsVerifyTest {
    private static final int MIB = 1 << 20;
    private static final Duration TIMEOUT = Duration.ofMinutes(4);

    @Test
    void shouldHashAZvolThroughItsDeviceNodeChunkForChunkAsTheOracle(TestPools pools, OpenZfsGuest guest) {
        DatasetName pool = pools.create("zv");
        String device = "/dev/zvol/" + pool + "/vol";
        pools.exec("zfs", "create", "-V", "4M", "-o", "volblocksize=16k", pool + "/vol");
        pools.exec("udevadm", "settle");
        guest.write("/tmp/" + pool + ".bin", random(3 * MIB + 12345, 7));
        pools.exec("dd", "if=/tmp/" + pool + ".bin", "of=" + device, "bs=1M", "oflag=direct", "status=none");
        pools.exec("rm", "-f", "/tmp/" + pool + ".bin");

        CommandResult manifest = guest.cli(TIMEOUT, "verify", device);

        assertThat(manifest.exitStatus()).as(manifest.stderr()).isZero();
        assertThat(chunkLines(manifest.stdout())).containsExactlyElementsOf(oracle(pools, device, 4)).hasSize(4);
    }

    @Test
    void shouldHashTheSnapshotThroughDotZfsNotTheLiveFile(TestPools pools, OpenZfsGuest guest) {
        DatasetName pool = pools.create("sn");
        pools.write(pool, "file", random(2 * MIB + 777, 8));
        pools.exec("zfs", "snapshot", pool + "@s1");
        String snapshotFile = pools.mountpoint(pool) + "/.zfs/snapshot/s1/file";
        List<String> before = oracle(pools, snapshotFile, 3);
        pools.write(pool, "file", random(2 * MIB + 777, 9));

        CommandResult manifest = guest.cli(TIMEOUT, "verify", snapshotFile);

        assertThat(manifest.exitStatus()).as(manifest.stderr()).isZero();
        assertThat(chunkLines(manifest.stdout())).containsExactlyElementsOf(before).hasSize(3)
                .doesNotContainAnyElementsOf(oracle(pools, pools.mountpoint(pool) + "/file", 3));
    }

    /** "chunk<TAB>hash" per 1 MiB chunk: dd reads it, xxhsum -H1 hashes it, both in the guest. */
    private static List<String> oracle(TestPools pools, String path, int chunks) {
        String script = "for i in $(seq 0 " + (chunks - 1) + "); do printf '%s\\t' $i; "
                + "dd if=\"$1\" bs=1M skip=$i count=1 status=none | xxhsum -H1 | cut -d' ' -f1; done";
        return pools.exec("sh", "-c", script, "oracle", path).stdout().lines().toList();
    }

    private static List<String> chunkLines(String manifest) {
        return manifest.lines().filter(line -> !line.startsWith("#")).toList();
    }

    private static byte[] random(int size, long seed) {
        byte[] data = new byte[size];
        new Random(seed).nextBytes(data);
        return data;
    }
}
