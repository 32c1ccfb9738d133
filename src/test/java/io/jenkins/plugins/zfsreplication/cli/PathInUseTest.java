package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * A received file system never mounts over a path in use: the target's would-be mount points are
 * directories with files of the target host's own, and after two runs (a full and an incremental
 * receive) they hold exactly those files with their bytes, nothing is mounted there, and both runs
 * succeeded. On OpenZFS {@code zfs recv -u} mounts nothing; zfs-fuse has no {@code -u} and refuses
 * to mount over a non-empty directory, which the run takes as received and left unmounted.
 */
class PathInUseTest {
    private static final List<String> CHILDREN = List.of("", "www");

    @ZfsTest
    void shouldLeaveTheTargetsDirectoriesInUseUntouched(TestPools pools, @TempDir Path dir) throws Exception {
        DatasetName source = pools.create("us").resolve("site");
        DatasetName targetPool = pools.create("ut");
        DatasetName copy = targetPool.resolve("site");
        pools.exec("zfs", "create", "-p", source.resolve("www").name());
        for (String child : CHILDREN) {
            pools.write(dataset(source, child), "page", ("the source's " + child).getBytes());
            // the target host's own files where the copy would mount
            pools.exec("mkdir", "-p", pools.mountpoint(dataset(copy, child)).toString());
            pools.write(dataset(copy, child), "in-use", ("the target's own " + child).getBytes());
        }
        List<String> before = inUse(pools, copy);
        assertThat(before).hasSize(CHILDREN.size());

        PoolsCli cli = new PoolsCli(pools);
        for (String night : List.of("2026-11-01T02:00:00Z", "2026-11-02T02:00:00Z")) {
            Path out = dir.resolve(night.substring(0, 10));
            cli.cli("plan", "-r", "--snapshot-now", "--now", night, "--target-root", copy.name(), "-o",
                    out.toString(), source.name());
            cli.run(out.resolve("plan.json").toString(), "--artifacts", out.resolve("transfer").toString());
            JsonNode transfer = new ObjectMapper().readTree(out.resolve("transfer/transfer.json").toFile());
            assertThat(transfer.get("result").asText()).as(cli.lastErr()).isEqualTo("ok");
            assertThat(transfer.get("steps").findValuesAsText("result")).containsOnly("ok").hasSize(2);
            assertThat(transfer.get("steps").findValuesAsText("kind")).as(night)
                    .containsOnly(night.startsWith("2026-11-01") ? "FULL" : "INCREMENTAL");

            assertThat(inUse(pools, copy)).as("the target's own directories after %s", night).isEqualTo(before);
            for (String child : CHILDREN) {
                assertThat(pools.exec("zfs", "get", "-H", "-o", "value", "mounted,canmount,readonly",
                        dataset(copy, child).name()).stdout().lines().toList())
                        .as("%s after %s", dataset(copy, child), night).containsExactly("no", "noauto", "on");
            }
        }
    }

    /** Each would-be mount point's entries with the bytes of its file, as the target host sees them. */
    private static List<String> inUse(TestPools pools, DatasetName copy) {
        return CHILDREN.stream().map(child -> {
            Path mountpoint = pools.mountpoint(dataset(copy, child));
            return mountpoint + ": " + pools.exec("ls", "-A", mountpoint.toString()).stdout().strip().replace('\n', ' ')
                    + " = " + pools.exec("cat", mountpoint.resolve("in-use").toString()).stdout();
        }).toList();
    }

    private static DatasetName dataset(DatasetName root, String child) {
        return child.isEmpty() ? root : root.resolve(child);
    }
}
