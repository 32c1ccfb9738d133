package io.jenkins.plugins.zfsreplication.coverage;

import io.jenkins.plugins.zfsreplication.verify.HashAlgorithm;
import io.jenkins.plugins.zfsreplication.verify.SparseMode;
import io.jenkins.plugins.zfsreplication.verify.Verifier;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;
import io.jenkins.plugins.zfsreplication.verify.ZfsCloneMounter;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A source dataset and its copy on zfs-fuse pools of this host, replicated night by night with
 * {@code zfs send | zfs recv}, the source's manifest of each night's snapshot put in a manifest
 * store as the guide says (SNAPSHOT.manifest and SNAPSHOT.guid), and a night of coverage run on the
 * copy in the test's own JVM, as the backup host runs it.
 */
final class CopyFixture {
    static final long CHUNK = 64 << 10;
    static final Instant FIRST_NIGHT = Instant.parse("2026-12-01T02:00:00Z");

    final TestPools pools;
    final DatasetName source;
    final DatasetName root;
    final DatasetName copy;
    final Path store;
    final Path runs;
    private final List<String> snapshots = new ArrayList<>();

    CopyFixture(TestPools pools, Path work, String name) throws IOException {
        this.pools = pools;
        DatasetName sourcePool = pools.create("s" + name);
        DatasetName backupPool = pools.create("b" + name);
        source = sourcePool.resolve("data");
        root = backupPool.resolve("copy");
        copy = root.resolve("data");
        pools.exec("zfs", "create", "-o", "compression=off", source.name());
        pools.exec("zfs", "create", root.name());
        store = Files.createDirectories(work.resolve("store"));
        runs = Files.createDirectories(work.resolve("runs"));
    }

    /** The live source file system, to change between nights. */
    Path live() {
        return pools.mountpoint(source);
    }

    /** The backup pool's image file (the pool's one vdev). */
    String backupPool() {
        return copy.pool();
    }

    /** Snapshots the source as {@code name}, sends it to the copy, and stores the source's manifest of it. */
    void snapshotAndSend(String name) throws IOException {
        pools.exec("zfs", "snapshot", source + "@" + name);
        List<String> send = snapshots.isEmpty() ? List.of("zfs", "send", source + "@" + name)
                : List.of("zfs", "send", "-i", source + "@" + snapshots.get(snapshots.size() - 1), source + "@" + name);
        pools.pipe(send, List.of("zfs", "recv", copy.name()));
        snapshots.add(name);
        storeManifest(name);
    }

    /** Snapshots the source and stores its manifest, without sending (the copy stays behind). */
    void storeManifest(String name) throws IOException {
        Path directory = Files.createDirectories(store.resolve("data"));
        VerifyOptions options = new VerifyOptions(CHUNK, 1, HashAlgorithm.XXH64, SparseMode.AUTO, 2);
        new Verifier(options, 1000, null).verifySnapshot(source + "@" + name,
                new ZfsCloneMounter(new ProcessCommandRunner(), line -> { }), directory.resolve(name + ".manifest"), null);
        String guid = pools.exec("zfs", "get", "-Hp", "-o", "value", "guid", source + "@" + name).stdout().strip();
        Files.writeString(directory.resolve(name + ".guid"), guid + "\n");
    }

    /** Night {@code night} (0 the first) of coverage, with the ledger of {@code previous} (null: none). */
    NightReport cover(int night, long budget, Path previous) throws IOException {
        Path run = Files.createDirectories(runs.resolve(Integer.toString(night)));
        ProcessCommandRunner runner = new ProcessCommandRunner();
        CoverageHost host = new ZfsCoverageHost(new Zfs(runner), runner, 2, null, line -> { });
        NightRequest request = new NightRequest(root, store, 7, budget, null,
                FIRST_NIGHT.plus(Duration.ofDays(night)), previous, null);
        return new NightlySlice(host, line -> { }).run(request, run);
    }

    Path ledgerOf(int night) {
        return runs.resolve(Integer.toString(night)).resolve(LedgerJson.FILE_NAME);
    }
}
