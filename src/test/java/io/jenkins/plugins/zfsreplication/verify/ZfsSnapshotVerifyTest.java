package io.jenkins.plugins.zfsreplication.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Snapshots on zfs-fuse, which has no .zfs directory: read through a temporary clone that is
 * destroyed afterwards, also when hashing fails.
 */
class ZfsSnapshotVerifyTest {
    @RegisterExtension
    static final ZfsFusePool POOL = new ZfsFusePool();

    @TempDir
    Path temporary;

    private static final VerifyOptions OPTIONS = new VerifyOptions(1 << 16, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 2);

    @Test
    void shouldHashTheSnapshotNotTheLiveDataAndDestroyTheClone() throws IOException {
        String dataset = POOL.name() + "/data";
        ZfsFusePool.zfs("create", dataset);
        Path live = POOL.mountPoint().resolve("data");
        SparseFixture.create(live.resolve("disk.img"), 61).data(0, 100_000).data(400_000, 1000).size(600_000);
        SparseFixture.create(live.resolve("notes"), 62).data(0, 777).size(777);
        Path original = temporary.resolve("original");
        Commands.run("cp", "-a", live.toString(), original.toString());
        ZfsFusePool.zfs("snapshot", dataset + "@s1");
        CompareCliTest.flip(live.resolve("disk.img"), 10);
        List<String> log = new ArrayList<>();
        Path manifest = temporary.resolve("snapshot.manifest");

        VerifyResult result = new Verifier(OPTIONS, 100, null).verifySnapshot(dataset + "@s1", new ZfsCloneMounter(new ProcessCommandRunner(), log::add), manifest, null);

        assertThat(Oracle.chunkLines(manifest)).containsExactlyElementsOf(Oracle.treeChunks(original, "xxh64", 1 << 16));
        assertThat(result.target()).isEqualTo(dataset + "@s1");
        assertThat(log).anyMatch(line -> line.startsWith("running: zfs clone -o readonly=on -o mountpoint="))
                .anyMatch(line -> line.startsWith("running: zfs destroy " + POOL.name() + "/zfsr-verify-"));
        assertThat(ZfsFusePool.zfs("list", "-H", "-o", "name", "-t", "all", "-r", POOL.name()))
                .doesNotContain("zfsr-verify");
    }

    @Test
    void shouldDestroyTheCloneWhenHashingFails() {
        String dataset = POOL.name() + "/failing";
        ZfsFusePool.zfs("create", dataset);
        ZfsFusePool.zfs("snapshot", dataset + "@s1");
        List<String> log = new ArrayList<>();
        Path unwritable = temporary.resolve("no-such-dir/out.manifest");

        assertThatThrownBy(() -> new Verifier(OPTIONS, 100, null)
                .verifySnapshot(dataset + "@s1", new ZfsCloneMounter(new ProcessCommandRunner(), log::add), unwritable, null))
                .isInstanceOf(VerifyException.class).hasMessageContaining("Cannot write the manifest");

        assertThat(log).anyMatch(line -> line.startsWith("running: zfs destroy "));
        assertThat(ZfsFusePool.zfs("list", "-H", "-o", "name", "-t", "all", "-r", POOL.name())).doesNotContain("zfsr-verify");
    }

    @Test
    void shouldReportAMissingSnapshot() {
        assertThatThrownBy(() -> new Verifier(OPTIONS, 100, null).verifySnapshot(POOL.name() + "@nope",
                new ZfsCloneMounter(new ProcessCommandRunner(), line -> { }), temporary.resolve("x.manifest"), null))
                .isInstanceOf(VerifyException.class).hasMessageContaining("zfs clone");
        assertThat(temporary.resolve("x.manifest")).doesNotExist();
    }
}
