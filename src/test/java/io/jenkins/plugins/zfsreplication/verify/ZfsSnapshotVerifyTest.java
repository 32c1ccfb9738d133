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

    /**
     * zfs-fuse has no zfs diff: an incremental verify asked for there reads everything, says why,
     * and writes the manifest a full verify writes.
     */
    @Test
    void shouldReadEverythingAndSayWhyWhereZfsDiffIsMissing() throws IOException {
        String dataset = POOL.name() + "/since";
        ZfsFusePool.zfs("create", dataset);
        Path live = POOL.mountPoint().resolve("since");
        SparseFixture.create(live.resolve("a"), 71).data(0, 200_000).size(200_000);
        SparseFixture.create(live.resolve("b"), 72).data(0, 3000).size(3000);
        ZfsFusePool.zfs("snapshot", dataset + "@s1");
        Path earlier = temporary.resolve("s1.manifest");
        new Verifier(OPTIONS, 100, null).verifySnapshot(dataset + "@s1", new ZfsCloneMounter(new ProcessCommandRunner(),
                line -> { }), earlier, null);
        CompareCliTest.flip(live.resolve("a"), 70_000);
        ZfsFusePool.zfs("snapshot", dataset + "@s2");
        Path full = temporary.resolve("s2.manifest");
        new Verifier(OPTIONS, 100, null).verifySnapshot(dataset + "@s2", new ZfsCloneMounter(new ProcessCommandRunner(),
                line -> { }), full, null);
        List<String> log = new ArrayList<>();
        Path incremental = temporary.resolve("s2-since.manifest");

        VerifyResult result = new Verifier(OPTIONS, 100, null).verifySnapshot(dataset + "@s2",
                new Since(dataset + "@s1", earlier), new ZfsChanges(new ProcessCommandRunner(), log::add),
                new ZfsCloneMounter(new ProcessCommandRunner(), log::add), incremental, null);

        assertThat(Files.readString(incremental)).isEqualTo(Files.readString(full));
        assertThat(Files.readString(incremental)).isNotEqualTo(Files.readString(earlier));
        assertThat(result.incremental().fullBecause()).startsWith("zfs diff " + dataset + "@s1 " + dataset
                + "@s2 failed (exit ");
        assertThat(result.incremental().reusedFiles()).isZero();
        assertThat(result.files()).extracting(FileStats::path).containsExactly("a", "b");
        assertThat(result.log()).anyMatch(line -> line.startsWith("reading everything, not only what changed since "
                + dataset + "@s1: zfs diff"));
        assertThat(VerifyRun.summary(result)).contains("(everything read: zfs diff ");
    }

    /**
     * A snapshot's manifest names the snapshot's GUID and the host in its header; an incremental
     * verify builds only on a manifest of the earlier snapshot as it is here: one made of a snapshot
     * destroyed and made anew under the same name, on another host, or before manifests said, makes
     * it read everything and say why (before zfs diff is even asked).
     */
    @Test
    void shouldBuildOnlyOnTheManifestOfTheEarlierSnapshotAsItIsHere() throws IOException {
        String dataset = POOL.name() + "/bound";
        ZfsFusePool.zfs("create", dataset);
        Path live = POOL.mountPoint().resolve("bound");
        SparseFixture.create(live.resolve("a"), 81).data(0, 100_000).size(100_000);
        ZfsFusePool.zfs("snapshot", dataset + "@s1");
        Path earlier = temporary.resolve("s1.manifest");
        new Verifier(OPTIONS, 100, null).verifySnapshot(dataset + "@s1", new ZfsCloneMounter(new ProcessCommandRunner(),
                line -> { }), earlier, null);
        String host = Commands.run("uname", "-n").strip();
        String firstGuid = ZfsFusePool.zfs("get", "-Hp", "-o", "value", "guid", dataset + "@s1").strip();
        assertThat(Files.readAllLines(earlier)).contains("# snapshot-guid: " + firstGuid, "# host: " + host);

        ZfsFusePool.zfs("destroy", dataset + "@s1");
        CompareCliTest.flip(live.resolve("a"), 500);
        ZfsFusePool.zfs("snapshot", dataset + "@s1");
        ZfsFusePool.zfs("snapshot", dataset + "@s2");
        String secondGuid = ZfsFusePool.zfs("get", "-Hp", "-o", "value", "guid", dataset + "@s1").strip();
        Path anotherHost = temporary.resolve("another-host.manifest");
        Files.writeString(anotherHost, Files.readString(earlier).replace("# snapshot-guid: " + firstGuid,
                "# snapshot-guid: " + secondGuid).replace("# host: " + host, "# host: storage-b"));
        Path older = temporary.resolve("older.manifest");
        Files.writeString(older, Files.readString(earlier).replace("# snapshot-guid: " + firstGuid + "\n", "")
                .replace("# host: " + host + "\n", ""));

        assertThat(since(dataset, earlier)).isEqualTo("the earlier manifest is of a snapshot with guid " + firstGuid
                + ", but " + dataset + "@s1 here has guid " + secondGuid + " (made anew under the same name, or another"
                + " host's snapshot)");
        assertThat(since(dataset, anotherHost)).isEqualTo("the earlier manifest was made on host storage-b, this is "
                + "host " + host);
        assertThat(since(dataset, older)).isEqualTo("the earlier manifest does not say which snapshot (GUID) and host"
                + " it was made of (written before manifests said)");
    }

    /** Verifies {@code dataset@s2} since @s1 on {@code manifest}; why it read everything. */
    private String since(String dataset, Path manifest) {
        VerifyResult result = new Verifier(OPTIONS, 100, null).verifySnapshot(dataset + "@s2",
                new Since(dataset + "@s1", manifest), new ZfsChanges(new ProcessCommandRunner(), line -> { }),
                new ZfsCloneMounter(new ProcessCommandRunner(), line -> { }), temporary.resolve("s2.manifest"), null);
        assertThat(result.incremental().reusedFiles()).isZero();
        return result.incremental().fullBecause();
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
