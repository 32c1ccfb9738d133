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
@org.junit.jupiter.api.Timeout(value = 20, unit = java.util.concurrent.TimeUnit.MINUTES) // the CLI's JVM in the guest: 5 s to 2 min under TCG
class OpenZfsVerifyTest {
    private static final int MIB = 1 << 20;
    private static final Duration TIMEOUT = Duration.ofMinutes(8);

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

    /**
     * SEEK_DATA/SEEK_HOLE on ZFS files, in auto mode: a synced sparse file is mapped with two lseek
     * calls per data extent; a file whose data is not yet synced too, the first call waiting for
     * the transaction group sync (zfs_dmu_offset_next_sync=1, the default), and its manifest is
     * right; a file whose extents are smaller than the chunks makes auto give up mapping after its
     * call budget and read (without that fallback: two calls per 64 KiB extent, 128 here). With
     * zfs_dmu_offset_next_sync=0 ZFS reports no holes in unsynced data: verify reads it all and
     * finds the zero chunks by content. Every manifest equals the oracle's hashes.
     */
    @Test
    void shouldMapHolesOnZfsWithFewLseekCallsCleanOrDirtyAndReadWhereMappingCannotPay(TestPools pools,
                                                                                     OpenZfsGuest guest) throws Exception {
        DatasetName pool = pools.create("sk");
        DatasetName dataset = pool.resolve("files");
        pools.exec("zfs", "create", "-o", "compression=off", "-o", "recordsize=64K", dataset.name());
        String dir = pools.mountpoint(dataset).toString();
        String parameters = "/sys/module/zfs/parameters/";
        String txgTimeout = pools.exec("cat", parameters + "zfs_txg_timeout").stdout().strip();
        String nextSync = pools.exec("cat", parameters + "zfs_dmu_offset_next_sync").stdout().strip();
        java.nio.file.Path work = java.nio.file.Files.createTempDirectory(guest.scratchDirectory(), "seek-");
        try {
            // 8 MiB files: "sparse" has data in chunks 0 and 5 only; "fine" 64 KiB of data every 128 KiB
            sparseFile(pools, dir + "/sparse");
            pools.exec("sh", "-c", "for i in $(seq 0 63); do dd if=/dev/urandom of=\"$1\" bs=64K count=1 "
                    + "seek=$((i * 2)) conv=notrunc status=none; done; truncate -s 8M \"$1\"", "fine", dir + "/fine");
            pools.exec("zpool", "sync", pool.name());
            // unsynced data stays so until something syncs the pool: no timed sync for 10 minutes
            pools.exec("sh", "-c", "echo 600 > " + parameters + "zfs_txg_timeout");
            sparseFile(pools, dir + "/dirty");

            String report = guest.pathInGuest(work.resolve("report.json"));
            CommandResult manifest = guest.cli(TIMEOUT, "verify", dir, "--block-size", "1M", "--report", report);

            assertThat(manifest.exitStatus()).as(manifest.stderr()).isZero();
            assertThat(treeLines(manifest.stdout())).containsExactlyElementsOf(treeOracle(pools, dir,
                    List.of("dirty", "fine", "sparse")));
            java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> files = files(work.resolve("report.json"));
            System.out.printf("lseek on OpenZFS (auto): %s%n", files.values());
            stats(files.get("sparse"), 8, 6, 0, 5);
            stats(files.get("dirty"), 8, 6, 0, 5);
            stats(files.get("fine"), 8, 0, 0, 66);
            assertThat(manifest.stderr() + readLog(work.resolve("report.json")))
                    .contains("fine: extents are smaller than chunks; falling back to zero detection after 66 lseek calls");

            // and where ZFS reports unsynced data as all data, verify reads it and finds the zeros by content
            pools.exec("sh", "-c", "echo 0 > " + parameters + "zfs_dmu_offset_next_sync");
            pools.exec("mkdir", dir + "/later");
            sparseFile(pools, dir + "/later/dirty");
            CommandResult later = guest.cli(TIMEOUT, "verify", dir + "/later", "--block-size", "1M", "--report", report);

            assertThat(later.exitStatus()).as(later.stderr()).isZero();
            assertThat(treeLines(later.stdout())).containsExactlyElementsOf(treeOracle(pools, dir + "/later",
                    List.of("dirty")));
            com.fasterxml.jackson.databind.JsonNode dirty = files(work.resolve("report.json")).get("dirty");
            System.out.printf("lseek on OpenZFS (auto, zfs_dmu_offset_next_sync=0): %s%n", dirty);
            stats(dirty, 8, 0, 6, 2);
        } finally {
            pools.exec("sh", "-c", "echo " + txgTimeout + " > " + parameters + "zfs_txg_timeout; echo " + nextSync
                    + " > " + parameters + "zfs_dmu_offset_next_sync");
        }
    }

    /** 8 MiB with random data in MiB 0 and 5 only (written, not synced). */
    private static void sparseFile(TestPools pools, String path) {
        pools.exec("sh", "-c", "dd if=/dev/urandom of=\"$1\" bs=1M count=1 status=none; "
                + "dd if=/dev/urandom of=\"$1\" bs=1M count=1 seek=5 conv=notrunc status=none; truncate -s 8M \"$1\"",
                "sparse", path);
    }

    private static void stats(com.fasterxml.jackson.databind.JsonNode file, long chunks, long holeChunks,
                              long zeroChunks, long seekCalls) {
        assertThat(List.of(file.get("chunks").asLong(), file.get("holeChunks").asLong(), file.get("zeroChunks").asLong(),
                file.get("seekCalls").asLong())).as(file.toString())
                .containsExactly(chunks, holeChunks, zeroChunks, seekCalls);
    }

    private static java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> files(java.nio.file.Path report)
            throws java.io.IOException {
        java.util.Map<String, com.fasterxml.jackson.databind.JsonNode> files = new java.util.TreeMap<>();
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(report.toFile()).get("files")
                .forEach(file -> files.put(file.get("path").asText(), file));
        return files;
    }

    private static String readLog(java.nio.file.Path report) throws java.io.IOException {
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(report.toFile()).get("log").toString();
    }

    /** The oracle of a tree manifest: "name<TAB>chunk<TAB>hash" per 1 MiB chunk of each file, in the guest. */
    private static List<String> treeOracle(TestPools pools, String dir, List<String> names) {
        List<String> lines = new java.util.ArrayList<>();
        for (String name : names) {
            oracle(pools, dir + "/" + name, 8).forEach(line -> lines.add(name + "\t" + line));
        }
        return lines;
    }

    private static List<String> treeLines(String manifest) {
        return manifest.lines().filter(line -> !line.startsWith("#")).toList();
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
