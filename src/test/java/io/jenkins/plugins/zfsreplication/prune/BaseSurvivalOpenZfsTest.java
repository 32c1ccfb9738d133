package io.jenkins.plugins.zfsreplication.prune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.Encryption;
import io.jenkins.plugins.zfsreplication.plan.PlanOptions;
import io.jenkins.plugins.zfsreplication.plan.PlanRun;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.TestApply;
import io.jenkins.plugins.zfsreplication.transfer.BaseHolds;
import io.jenkins.plugins.zfsreplication.transfer.SendRecvJob;
import io.jenkins.plugins.zfsreplication.transfer.StepResult;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;
import io.jenkins.plugins.zfsreplication.zfs.SshCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.TestProcesses;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;

/**
 * The base of the next incremental on real OpenZFS, end to end through the engine (both ends in
 * the guest, the stream through this host, where the engine's meter counts it): a base destroyed
 * on the source is replaced by its bookmark, an encrypted dataset arrives raw without its key,
 * and decrypted only when asked and only with its key loaded, a new target's missing parents are
 * created only when asked, and two targets, one of them offline for three nights, both continue
 * incrementally.
 */
@ExtendWith(OpenZfsTestBed.class)
class BaseSurvivalOpenZfsTest {
    private static final List<String> NIGHTS = List.of("zr-20261101T000000Z", "zr-20261102T000000Z",
            "zr-20261103T000000Z", "zr-20261104T000000Z", "zr-20261105T000000Z");
    private static final int MIB = 1 << 20;
    /**
     * What the two ssh processes read and write besides the stream (their configuration and keys, the
     * key exchange, window adjustments, the exit status): measured 40-70 KiB, varying with the files
     * ssh reads at its start. Far below any difference between an incremental and a full stream.
     */
    private static final long SSH_SLACK = 128 << 10;
    private final List<String> log = new CopyOnWriteArrayList<>();

    @TempDir
    Path folder;

    @Test
    void shouldSendFromTheBookmarkOfABaseDestroyedOnTheSource(TestPools pools) throws IOException {
        DatasetName source = pools.create("bks").resolve("data");
        DatasetName target = pools.create("bkt").resolve("data");
        pools.exec("zfs", "create", source.name());
        Zfs zfs = new Zfs(pools.runner());
        Random random = new Random(2);
        night(pools, source, 0, 8 * MIB, random);
        TransferReport first = run(zfs, PruneZfsTest.plan(zfs, source, target), null, "n0", TransferOptions.defaults());
        assertThat(first.steps()).extracting(s -> s.step().kind()).containsExactly(SendKind.FULL);
        assertThat(pools.exec("zfs", "list", "-H", "-t", "bookmark", "-o", "name,guid", source.name()).stdout())
                .isEqualTo(source + "#" + NIGHTS.get(0) + "\t" + TestApply.guid(pools, source + "@" + NIGHTS.get(0))
                        + "\n");
        assertThat(log).contains("bookmark " + source + "@" + NIGHTS.get(0) + " as " + source + "#" + NIGHTS.get(0));

        // someone destroys the base on the source; the target still has it
        night(pools, source, 1, MIB, random);
        pools.exec("zfs", "destroy", source + "@" + NIGHTS.get(0));
        ReplicationPlan plan = PruneZfsTest.plan(zfs, source, target);
        assertThat(plan.steps()).extracting(SendStep::kind, s -> s.from().name(), s -> s.to().name())
                .containsExactly(tuple(SendKind.INCREMENTAL_FROM_BOOKMARK, NIGHTS.get(0), NIGHTS.get(1)));
        long oracle = streamBytes(pools, List.of("zfs", "send", "-i", source + "#" + NIGHTS.get(0),
                source + "@" + NIGHTS.get(1)));
        long full = streamBytes(pools, List.of("zfs", "send", source + "@" + NIGHTS.get(1)));
        TransferReport second = run(zfs, plan, null, "n1", TransferOptions.defaults());
        long bytes = second.steps().get(0).measured().bytes();
        assertThat(bytes).isBetween(oracle, oracle + SSH_SLACK);
        assertThat(oracle).isBetween((long) MIB, 2L * MIB).isLessThan(full / 5);
        assertThat(TestApply.snapshots(pools, target.name())).containsExactly(
                NIGHTS.get(0) + " " + TestApply.guid(pools, target + "@" + NIGHTS.get(0)),
                NIGHTS.get(1) + " " + TestApply.guid(pools, source + "@" + NIGHTS.get(1)));
        TestProcesses.println(String.format("bookmark base: incremental %d bytes (zfs send -i #bm: %d), full would be %d",
                bytes, oracle, full));

        // prune: the older bookmark goes by the source's rules, the one the base stands on stays
        night(pools, source, 2, MIB, random);
        ReplicationPlan third = PruneZfsTest.plan(zfs, source, target);
        PruneBeforeSend.Result pruned = PruneZfsTest.prune(zfs, null, "last: 1", true).run(third, line -> { });
        assertThat(pruned.report().decisions()).filteredOn(d -> (d.side() == CandidateSide.BOOKMARK))
                .extracting(PruneDecision::snapshot, d -> d.verdict().decision(), d -> d.verdict().rule(), d -> d.verdict().destroyed())
                .containsExactly(tuple(NIGHTS.get(0), Decision.DESTROY, "kept by no source rule", true),
                        tuple(NIGHTS.get(1), Decision.KEEP, "protected: the next incremental's base (matched by GUID)",
                                false));
        assertThat(pools.exec("zfs", "list", "-H", "-t", "bookmark", "-o", "name", source.name()).stdout())
                .isEqualTo(source + "#" + NIGHTS.get(1) + "\n");

        // without a bookmark, a destroyed base leaves nothing in common: refused, as before
        pools.exec("zfs", "destroy", source + "#" + NIGHTS.get(1));
        pools.exec("zfs", "destroy", source + "@" + NIGHTS.get(1));
        assertThat(PruneZfsTest.plan(zfs, source, target).datasets()).extracting(DatasetPlan::action)
                .containsExactly(DatasetAction.REFUSED);
    }

    @Test
    void shouldSendAnEncryptedDatasetRawSoThatItsKeyNeverReachesTheTarget(TestPools pools) throws IOException {
        DatasetName pool = pools.create("encs");
        DatasetName source = pool.resolve("secret");
        DatasetName target = pools.create("enct").resolve("secret");
        String keyFile = "/zdata/" + pool + ".key";
        try {
            createEncrypted(pools, source, keyFile);
            Zfs zfs = new Zfs(pools.runner());
            Random random = new Random(5);
            night(pools, source, 0, MIB, random);
            ReplicationPlan plan = PruneZfsTest.plan(zfs, source, target);
            assertThat(plan.datasets()).extracting(DatasetPlan::encryption)
                    .containsExactly(new Encryption("aes-256-gcm", source.name(), "available"));
            TransferReport first = run(zfs, plan, null, "e0", TransferOptions.defaults());
            assertThat(first.steps()).extracting(s -> s.step().kind()).containsExactly(SendKind.FULL);
            assertThat(first.steps().get(0).options()).contains("raw");
            assertThat(log).contains(source + " is encrypted (aes-256-gcm, encryption root " + source
                    + ", key available): sent raw (zfs send -w): the target stores it encrypted and never sees the key");
            assertThat(properties(pools, target)).isEqualTo("aes-256-gcm unavailable " + target + " no");

            night(pools, source, 1, MIB, random);
            TransferReport second = run(zfs, PruneZfsTest.plan(zfs, source, target), null, "e1",
                    TransferOptions.defaults());
            assertThat(second.steps()).extracting(s -> s.step().kind()).containsExactly(SendKind.INCREMENTAL);
            assertThat(second.steps().get(0).options()).contains("raw");
            assertThat(properties(pools, target)).isEqualTo("aes-256-gcm unavailable " + target + " no");
            assertThat(TestApply.snapshots(pools, target.name())).containsExactly(
                    NIGHTS.get(0) + " " + TestApply.guid(pools, source + "@" + NIGHTS.get(0)),
                    NIGHTS.get(1) + " " + TestApply.guid(pools, source + "@" + NIGHTS.get(1)));
            // the stream itself is ciphertext: the random bytes written on the source are nowhere in it
            String sourceFile = pools.mountpoint(source).resolve("night1").toString();
            String probe = pools.exec("sh", "-c", "head -c 32 " + sourceFile + " | od -An -tx1 | tr -d ' \\n'").stdout();
            String raw = pools.exec("sh", "-c", SshCommandRunner.quote(List.of("zfs", "send", "-w", "-i",
                    source + "@" + NIGHTS.get(0), source + "@" + NIGHTS.get(1))) + " | od -An -tx1 -v | tr -d ' \\n' | grep -c "
                    + probe + " || true").stdout().strip();
            assertThat(probe).hasSize(64);
            assertThat(raw).isEqualTo("0");
        } finally {
            pools.runner().run(List.of("rm", "-f", keyFile), java.time.Duration.ofSeconds(30));
        }
    }

    @Test
    void shouldSendDecryptedOnlyWhenAskedAndOnlyWithTheKeyLoaded(TestPools pools) throws IOException {
        DatasetName pool = pools.create("decs");
        DatasetName source = pool.resolve("secret");
        DatasetName target = pools.create("dect").resolve("secret");
        String keyFile = "/zdata/" + pool + ".key";
        try {
            createEncrypted(pools, source, keyFile);
            Zfs zfs = new Zfs(pools.runner());
            Random random = new Random(6);
            night(pools, source, 0, MIB, random);
            TransferOptions decrypted = TransferOptions.defaults().withSendDecrypted(true);

            TransferReport first = run(zfs, PruneZfsTest.plan(zfs, source, target), null, "d0", decrypted);
            assertThat(first.steps()).extracting(s -> s.step().kind()).containsExactly(SendKind.FULL);
            assertThat(first.steps().get(0).options()).doesNotContain("raw");
            assertThat(log).contains(source + " is encrypted (aes-256-gcm, encryption root " + source
                    + ", key available): sent DECRYPTED as asked (send-decrypted): the stream and the target hold "
                    + "plaintext, under the target's own encryption settings");
            // a plain copy: no encryption, no key; mounted by hand, its file is the source's, byte for byte
            assertThat(properties(pools, target)).isEqualTo("off - - no");
            pools.exec("zfs", "mount", target.name());
            assertThat(sha256(pools, pools.mountpoint(target).resolve("night0").toString()))
                    .isEqualTo(sha256(pools, pools.mountpoint(source).resolve("night0").toString()))
                    .hasSize(64);
            pools.exec("zfs", "unmount", target.name());

            // the source's key unloaded: a decrypted send is impossible, and nothing falls back to anything
            night(pools, source, 1, MIB, random);
            pools.exec("zfs", "unmount", source.name());
            pools.exec("zfs", "unload-key", source.name());
            ReplicationPlan locked = PruneZfsTest.plan(zfs, source, target);
            assertThat(locked.datasets()).extracting(DatasetPlan::encryption)
                    .containsExactly(new Encryption("aes-256-gcm", source.name(), "unavailable"));
            TransferReport refused = SendRecvJob.bothEnds(new GuestTransport(), zfs, zfs, null, locked, decrypted,
                    log::add).run(locked, folder.resolve("d1")).report();
            assertThat(refused.succeeded()).isFalse();
            assertThat(refused.steps()).extracting(StepResult::message).containsExactly(source + " is encrypted "
                    + "(aes-256-gcm, encryption root " + source + ", key unavailable): a decrypted send needs its key "
                    + "loaded on the source (zfs load-key), or send it raw (the default); nothing was sent");
            assertThat(refused.steps()).extracting(s -> s.measured().bytes()).containsExactly(0L);
            assertThat(TestApply.snapshots(pools, target.name())).containsExactly(
                    NIGHTS.get(0) + " " + TestApply.guid(pools, source + "@" + NIGHTS.get(0)));
        } finally {
            pools.runner().run(List.of("rm", "-f", keyFile), java.time.Duration.ofSeconds(30));
        }
    }

    @Test
    void shouldCreateTheMissingParentsOfANewTargetOnlyWhenAsked(TestPools pools) throws IOException {
        // a missing parent of the target root itself is no new target (the plan refuses it, see
        // PruneSafetyTest); parents below an existing root are the run's to create, when asked
        DatasetName sourcePool = pools.create("cps");
        DatasetName source = sourcePool.resolve("a/b/data");
        DatasetName targetPool = pools.create("cpt");
        DatasetName target = targetPool.resolve("a/b/data");
        pools.exec("zfs", "create", "-p", source.name());
        Zfs zfs = new Zfs(pools.runner());
        night(pools, source, 0, MIB, new Random(7));
        PlanOptions options = new PlanOptions(new Selection(List.of(sourcePool), true, List.of(source.name()), List.of(),
                false), targetPool, SnapshotNaming.of("zr"), false, false);
        ReplicationPlan plan = new PlanRun(zfs, zfs, options, false, false).run(java.time.Instant.now(), line -> { });
        // its parents have no snapshot: nothing of theirs is sent, so nothing creates them on the target
        assertThat(plan.datasets()).filteredOn(dataset -> !dataset.steps().isEmpty()).extracting(DatasetPlan::source)
                .containsExactly(source);

        TransferReport refused = SendRecvJob.bothEnds(new GuestTransport(), zfs, zfs, null, plan,
                TransferOptions.defaults(), log::add).run(plan, folder.resolve("p0")).report();
        assertThat(refused.steps()).extracting(StepResult::message).containsExactly("The target's parent " + targetPool
                + "/a/b does not exist on the target (" + zfs.host() + "): zfs recv creates " + target + " but not its "
                + "parents. Create it (zfs create -p " + targetPool + "/a/b), ask for missing parents to be created, or "
                + "plan its source too; nothing was sent");
        assertThat(pools.exec("zfs", "list", "-H", "-r", "-o", "name", targetPool.name()).stdout())
                .isEqualTo(targetPool + "\n");

        run(zfs, plan, null, "p1", TransferOptions.defaults().withCreateParents(true));
        assertThat(pools.exec("zfs", "list", "-H", "-r", "-o", "name,canmount", targetPool.name()).stdout())
                // the created parents are never mounted; the received copy is left as every new copy is, noauto
                .isEqualTo(targetPool + "\ton\n" + targetPool + "/a\toff\n" + targetPool + "/a/b\toff\n" + target
                        + "\tnoauto\n");
        assertThat(log).contains(target + ": created the missing parent " + targetPool + "/a on " + zfs.host()
                + " (zfs create -o canmount=off)");
    }

    @Test
    // ten transfers through the emulated guest: 104 s alone, several minutes while the lifecycle shares the guest
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void shouldKeepTheBaseOfATargetOfflineForThreeNightsAndContinueBothIncrementally(TestPools pools)
            throws IOException {
        DatasetName source = pools.create("tts").resolve("data");
        DatasetName a = pools.create("tta").resolve("data");
        DatasetName b = pools.create("ttb").resolve("data");
        pools.exec("zfs", "create", source.name());
        Zfs zfs = new Zfs(pools.runner());
        Random random = new Random(10);
        night(pools, source, 0, 8 * MIB, random);
        replicate(zfs, source, a, "a", 0);
        replicate(zfs, source, b, "b", 0);
        String bImage = pools.exec("zpool", "list", "-H", "-v", "-P", b.pool()).stdout().lines()
                .filter(line -> line.strip().startsWith("/")).findFirst().orElseThrow().strip().split("\\s+")[0];
        pools.exportPool(b.pool());
        for (int night = 1; night <= 3; night++) {
            night(pools, source, night, MIB, random);
            replicate(zfs, source, a, "a", night);
        }
        pools.exec("zpool", "import", "-d", bImage.substring(0, bImage.lastIndexOf('/')), b.pool());
        night(pools, source, 4, MIB, random);
        TransferReport nightA = replicate(zfs, source, a, "a", 4);
        long expected = streamBytes(pools, List.of("zfs", "send", "-I", source + "@" + NIGHTS.get(0),
                source + "@" + NIGHTS.get(4)));
        long full = streamBytes(pools, List.of("zfs", "send", source + "@" + NIGHTS.get(4)));
        TransferReport nightB = replicate(zfs, source, b, "b", 4);

        assertThat(nightA.steps()).extracting(s -> s.step().kind(), s -> s.step().from().name(), s -> s.step().to().name())
                .containsExactly(tuple(SendKind.INCREMENTAL, NIGHTS.get(3), NIGHTS.get(4)));
        assertThat(nightB.steps()).extracting(s -> s.step().kind(), s -> s.step().from().name(), s -> s.step().to().name())
                .containsExactly(tuple(SendKind.INCREMENTAL_RANGE, NIGHTS.get(0), NIGHTS.get(4)));
        long bytes = nightB.steps().get(0).measured().bytes();
        assertThat(bytes).isBetween(expected, expected + SSH_SLACK);
        assertThat(expected).isBetween(4L * MIB, 5L * MIB).isLessThan(full / 2);
        TestProcesses.println(String.format("two targets: b's catch-up %d bytes (zfs send -I: %d), full would be %d",
                bytes, expected, full));
        assertThat(names(pools, source)).containsExactly(NIGHTS.get(0), NIGHTS.get(3), NIGHTS.get(4));
        assertThat(names(pools, a)).containsExactlyElementsOf(NIGHTS);
        assertThat(names(pools, b)).containsExactly(NIGHTS.get(0), NIGHTS.get(3), NIGHTS.get(4));
        // each target's base held on the source under its id, and on each target its own newest only
        assertThat(holds(pools, source + "@" + NIGHTS.get(4))).isEqualTo("zfs-replication:a zfs-replication:b");
        assertThat(holds(pools, source + "@" + NIGHTS.get(0))).isEmpty();
        assertThat(holds(pools, a + "@" + NIGHTS.get(4))).isEqualTo("zfs-replication:a");
        assertThat(holds(pools, a + "@" + NIGHTS.get(3))).isEmpty();
        assertThat(holds(pools, b + "@" + NIGHTS.get(4))).isEqualTo("zfs-replication:b");
        assertThat(holds(pools, b + "@" + NIGHTS.get(0))).isEmpty();
    }

    /** plan, prune the source to its newest snapshot (destroying), run with the target id's holds. */
    private TransferReport replicate(Zfs zfs, DatasetName source, DatasetName target, String id, int night)
            throws IOException {
        ReplicationPlan plan = PruneZfsTest.plan(zfs, source, target);
        PruneZfsTest.prune(zfs, null, "last: 1", true).run(plan, line -> { });
        return run(zfs, plan, new BaseHolds(zfs, zfs, id), id + night, TransferOptions.defaults());
    }

    private TransferReport run(Zfs zfs, ReplicationPlan plan, BaseHolds holds, String artifacts, TransferOptions options)
            throws IOException {
        TransferReport report = SendRecvJob.bothEnds(new GuestTransport(), zfs, zfs, null, plan, options, log::add)
                .run(plan, folder.resolve(artifacts), holds).report();
        assertThat(report.succeeded()).as(String.join("\n", log)).isTrue();
        return report;
    }

    /** An encrypted file system whose passphrase is in {@code keyFile}, in the guest (the caller removes it). */
    private static void createEncrypted(TestPools pools, DatasetName dataset, String keyFile) {
        pools.exec("sh", "-c", "printf '%s' 'correct horse battery staple' > " + keyFile);
        pools.exec("zfs", "create", "-o", "encryption=on", "-o", "keyformat=passphrase", "-o",
                "keylocation=file://" + keyFile, dataset.name());
    }

    private static void night(TestPools pools, DatasetName dataset, int night, int bytes, Random random) {
        byte[] data = new byte[bytes];
        random.nextBytes(data);
        pools.write(dataset, "night" + night, data);
        pools.exec("zfs", "snapshot", dataset + "@" + NIGHTS.get(night));
    }

    /** The oracle: the bytes of {@code send}'s stream, counted in the guest. */
    private static long streamBytes(TestPools pools, List<String> send) {
        return Long.parseLong(pools.exec("sh", "-c", SshCommandRunner.quote(send) + " | wc -c").stdout().strip());
    }

    private static String sha256(TestPools pools, String file) {
        return pools.exec("sha256sum", file).stdout().split(" ")[0];
    }

    private static String properties(TestPools pools, DatasetName dataset) {
        return String.join(" ", pools.exec("zfs", "get", "-H", "-o", "value", "encryption,keystatus,encryptionroot,mounted",
                dataset.name()).stdout().strip().split("\n"));
    }

    private static List<String> names(TestPools pools, DatasetName dataset) {
        return TestApply.snapshots(pools, dataset.name()).stream().map(s -> s.split(" ")[0]).toList();
    }

    /** The hold tags on a snapshot, sorted, separated by spaces. */
    private static String holds(TestPools pools, String snapshot) {
        return String.join(" ", pools.exec("zfs", "holds", "-H", snapshot).stdout().lines()
                .map(line -> line.split("\t")[1]).sorted().toList());
    }
}
