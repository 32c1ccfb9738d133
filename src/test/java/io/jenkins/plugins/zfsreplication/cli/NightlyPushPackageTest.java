package io.jenkins.plugins.zfsreplication.cli;

import static io.jenkins.plugins.zfsreplication.cli.QuickstartPackageTest.WORK;
import static io.jenkins.plugins.zfsreplication.cli.QuickstartPackageTest.deb;
import static io.jenkins.plugins.zfsreplication.cli.QuickstartPackageTest.fireTheTimer;
import static io.jenkins.plugins.zfsreplication.cli.QuickstartPackageTest.journal;
import static io.jenkins.plugins.zfsreplication.cli.QuickstartPackageTest.replace;
import static io.jenkins.plugins.zfsreplication.cli.QuickstartPackageTest.repository;
import static io.jenkins.plugins.zfsreplication.cli.QuickstartPackageTest.root;
import static io.jenkins.plugins.zfsreplication.cli.QuickstartPackageTest.shBlocks;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsGuest;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;

/**
 * docs/howto/nightly-push.md and then docs/howto/restore.md, their sh blocks as written, in the
 * OpenZFS guest standing for both hosts ({@code storage-a} and {@code nas-b} are names of 127.0.0.1
 * there; only the key, the source's address and the snapshot names of restore.md are replaced). The
 * backup host already holds a copy made the syncoid way (a full send, then {@code -I}, with sanoid's
 * and syncoid's snapshots on both sides, named by the guest's clock): the first night continues it
 * incrementally from the newest snapshot both share, by GUID, and destroys none of theirs. Two nights
 * (the second by the timer), then a file restored from the source's snapshot and from the copy, the
 * dataset sent back (restore.md's drill block is not run). How long the page took from the package installed to the
 * first verified night is printed and written to the build directory; no assertion is made on it.
 */
@ExtendWith(OpenZfsTestBed.class)
class NightlyPushPackageTest {
    private static final Duration BLOCK = Duration.ofMinutes(20);
    /** restore.md's placeholder for a night's snapshot. */
    private static final String PLACEHOLDER = "zr-20261203T020000Z";
    private static final String HOSTS_LINE = "127.0.0.1 nas-b storage-a # nightly-push test";
    private static final String METRICS = "/var/lib/prometheus/node-exporter/zfs-replication.prom";
    private static final String METRICS_MARKER =
            "# zfs-replication metrics: counters add up across runs; delete this file to reset them";
    private static final List<String> DATASETS = List.of("tank", "tank/home");
    private static final String COPY = "backup/storage-a/";

    @Test
    @Timeout(value = 45, unit = TimeUnit.MINUTES)
    void shouldPushNightlyByTheHowtoAsWrittenContinuingASyncoidCopy(OpenZfsGuest guest) throws Exception {
        assumeTrue(Boolean.getBoolean("zfsr.packaged"), "runs after the package phase (surefire's package-tests)");
        Instant began = Instant.now();
        List<String> push = shBlocks(Files.readString(repository().resolve("docs/howto/nightly-push.md")));
        assertThat(push).as("nightly-push.md's sh blocks: install, backup host, source host, the key, the host key,"
                + " the first night").hasSize(6);
        List<String> restore = shBlocks(Files.readString(repository().resolve("docs/howto/restore.md")));
        assertThat(restore).as("restore.md's sh blocks: file from the source, file from the copy, the grant,"
                + " the dataset sent back, the drill").hasSize(5);
        Path scratch = guest.scratchDirectory();
        Random random = new Random(53);
        // what /tank/home holds, path -> bytes: the oracle of every restore
        Map<String, byte[]> home = new TreeMap<>();
        try {
            root(guest, "echo '" + HOSTS_LINE + "' >> /etc/hosts").orThrow();
            givenPools(guest);
            write(guest, home, random, "alice/thesis.tex", 200_000);
            write(guest, home, random, "docs/first", 3 << 20);
            guest.write("/tank/readme", bytes(random, 5000));
            List<String> theirs = givenASyncoidCopy(guest, home, random);
            guest.exec("mkdir", "-p", WORK);
            guest.exec("cp", guest.pathInGuest(deb()), WORK + "/");

            // the page, block by block, each on the host it names (here one guest)
            runBlock(guest, scratch, "push-1.sh", push.get(0));
            Instant installed = Instant.now();
            runBlock(guest, scratch, "push-2.sh", push.get(1));
            runBlock(guest, scratch, "push-3.sh", push.get(2));
            String key = guest.exec("cat", "/var/lib/zfs-replication/.ssh/id_ed25519.pub").stdout().strip();
            runBlock(guest, scratch, "push-4.sh", replace(replace(push.get(3), "from=\"192.0.2.10\"", "from=\"127.0.0.1\""),
                    "ssh-ed25519 AAAA...the key... zfs-replication@storage-a", key));
            runBlock(guest, scratch, "push-5.sh", push.get(4));
            Instant before = guestClock(guest);
            CommandResult first = runBlock(guest, scratch, "push-6.sh", push.get(5));
            Instant pushed = Instant.now();
            Instant after = guestClock(guest);

            String base = theirs.get(theirs.size() - 1);
            assertFirstNightsOutput(first.stdout(), base);
            String night1 = nightSnapshot(guest, 1);
            assertThat(night1).as("tonight's snapshot is named by the guest's clock during the night")
                    .isBetween(name(before), name(after));
            assertNight(guest, 1, base);
            assertPlanIncrementalWithoutRollback(guest, base);
            List<String> afterFirst = new ArrayList<>(theirs);
            afterFirst.add(night1);
            assertSnapshotsOnBothHosts(guest, afterFirst);
            assertThat(guest.exec("stat", "-c", "%U:%G %a", METRICS).stdout().strip())
                    .isEqualTo("zfs-replication:zfs-replication 644");
            assertThat(guest.exec("runuser", "-u", "nobody", "--", "head", "-n", "1", METRICS).stdout().strip())
                    .isEqualTo(METRICS_MARKER);
            report(began, installed, pushed);

            // the second night: the thesis rewritten, a new file, and the timer fires it
            byte[] thesisAtNight1 = home.get("alice/thesis.tex");
            write(guest, home, random, "alice/thesis.tex", 210_000);
            write(guest, home, random, "second", 1 << 20);
            fireTheTimer(guest, BLOCK);
            String night2 = nightSnapshot(guest, 2);
            assertNight(guest, 2, night1);
            List<String> afterSecond = new ArrayList<>(afterFirst);
            afterSecond.add(night2);
            assertSnapshotsOnBothHosts(guest, afterSecond);

            restore(guest, scratch, restore, afterSecond, night1, night2, thesisAtNight1, home);
            record(String.format("nightly push: the whole test (both pages, two nights, the restores) in %d s%n",
                    Duration.between(began, Instant.now()).toSeconds()));
        } finally {
            cleanUp(guest);
        }
    }

    /** restore.md's blocks: a file from the source's snapshot and from the copy, the dataset sent back (not the drill). */
    private static void restore(OpenZfsGuest guest, Path scratch, List<String> blocks, List<String> snapshots, String night1,
                                String night2, byte[] thesisAtNight1, Map<String, byte[]> home)
            throws IOException, NoSuchAlgorithmException {
        CommandResult listed = runBlock(guest, scratch, "restore-1.sh", replace(blocks.get(0), PLACEHOLDER, night1));
        assertThat(listed.stdout().lines().toList()).containsExactlyElementsOf(snapshots.stream().sorted().toList());
        assertThat(sha256(guest, "/tank/home/alice/thesis.tex")).isEqualTo(sha256(thesisAtNight1));

        runBlock(guest, scratch, "restore-2.sh", replace(blocks.get(1), PLACEHOLDER, night1));
        assertThat(sha256(guest, "/tmp/thesis.tex")).isEqualTo(sha256(thesisAtNight1));
        assertThat(guest.runner().run(List.of("zfs", "list", COPY + "restore"), QuickstartPackageTest.LONG).exitStatus())
                .as("the clone is destroyed").isNotZero();

        runBlock(guest, scratch, "restore-3.sh", blocks.get(2));
        runBlock(guest, scratch, "restore-4.sh", replace(blocks.get(3), PLACEHOLDER, night2));
        // tank/home-restored is the copy of the second night: its snapshot (the copy's GUID) and its bytes
        assertThat(guest.exec("zfs", "list", "-H", "-p", "-o", "name,guid", "-t", "snapshot", "-d", "1",
                "tank/home-restored").stdout().strip())
                .isEqualTo("tank/home-restored@" + night2 + "\t" + guid(guest, COPY + "tank/home@" + night2));
        assertThat(guest.exec("zfs", "get", "-H", "-o", "value", "mounted", "tank/home-restored").stdout().strip())
                .isEqualTo("yes");
        List<String> expected = new ArrayList<>();
        for (Map.Entry<String, byte[]> file : home.entrySet()) {
            expected.add(sha256(file.getValue()) + "  ./" + file.getKey());
        }
        assertThat(root(guest, "cd /tank/home-restored && find . -type f -exec sha256sum {} + | sort -k 2").orThrow().stdout()
                .lines().toList()).containsExactlyElementsOf(expected);

    }

    /**
     * A copy syncoid made before this page: sanoid's daily snapshots (and syncoid's own) of tank and
     * tank/home, named from the guest's clock (the clock of every snapshot's creation and of the
     * nights), a full send of the first and {@code zfs send -I} to the newest into the page's
     * target-root. Returns their names, oldest first.
     */
    private static List<String> givenASyncoidCopy(OpenZfsGuest guest, Map<String, byte[]> home, Random random)
            throws NoSuchAlgorithmException {
        Instant now = guestClock(guest);
        DateTimeFormatter day = DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneOffset.UTC);
        List<String> theirs = List.of("autosnap_" + day.format(now.minus(Duration.ofDays(3))) + "_00:00:01_daily",
                "autosnap_" + day.format(now.minus(Duration.ofDays(2))) + "_00:00:01_daily",
                "syncoid_storage-a_" + day.format(now.minus(Duration.ofDays(2))) + ":03:00:00-GMT00:00",
                "autosnap_" + day.format(now.minus(Duration.ofDays(1))) + "_00:00:01_daily");
        for (int i = 0; i < theirs.size(); i++) {
            write(guest, home, random, "sanoid/" + i, 100_000);
            guest.exec("zfs", "snapshot", "-r", "tank@" + theirs.get(i));
        }
        guest.exec("zfs", "create", "-o", "mountpoint=none", "backup/storage-a");
        for (String dataset : DATASETS) {
            root(guest, "zfs send " + dataset + "@" + theirs.get(0) + " | zfs recv -u " + COPY + dataset).orThrow();
            root(guest, "zfs send -I " + dataset + "@" + theirs.get(0) + " " + dataset + "@" + theirs.get(3)
                    + " | zfs recv -u " + COPY + dataset).orThrow();
        }
        assertSnapshotsOnBothHosts(guest, theirs);
        return theirs;
    }

    /** --check ready, the dry run's incremental from their newest, the check after the night OK. */
    private static void assertFirstNightsOutput(String stdout, String base) {
        assertThat(stdout).as(stdout).contains("ready: the night can run",
                "  tank -> " + COPY + "tank: incremental from " + base + ", 1 step(s), ",
                "  tank/home -> " + COPY + "tank/home: incremental from " + base + ", 1 step(s), ",
                "ZFS-REPLICATION OK").doesNotContain("full send");
    }

    /** night.json of night {@code number}: every stage 0, both datasets sent from {@code base}, the source verified. */
    private static void assertNight(OpenZfsGuest guest, int number, String base) throws IOException {
        JsonNode night = new ObjectMapper().readTree(guest.exec("cat", "/var/lib/zfs-replication/runs/" + number
                + "/night.json").stdout());
        List<String> stages = new ArrayList<>();
        night.get("stages").forEach(s -> stages.add(s.get("name").asText() + " " + s.get("status").asInt()));
        assertThat(stages).as(night.toPrettyString())
                .containsExactly("plan 0", "prune 0", "run 0", "verify 0", "verify 0", "check 0");
        List<String> datasets = new ArrayList<>();
        night.get("datasets").forEach(d -> datasets.add(d.get("dataset").asText() + " " + d.get("outcome").asText() + " "
                + d.get("reason").asText()));
        assertThat(datasets).containsExactly("tank sent incremental from " + base,
                "tank/home sent incremental from " + base);
        JsonNode verify = night.get("verify");
        assertThat(List.of(verify.get("mode").asText(), verify.get("copyCompared").asText(),
                String.valueOf(verify.get("notCompared")))).containsExactly("source", "false", "null");
        assertThat(night.get("exitStatus").asInt()).isZero();
        assertThat(night.get("dryRun").asBoolean()).isFalse();
        for (String dataset : DATASETS) {
            guest.exec("test", "-s", "/var/lib/zfs-replication/runs/" + number + "/verify/" + dataset.replace('/', '~')
                    + ".source.manifest");
        }
        guest.exec("test", "-s", "/var/lib/zfs-replication/runs/" + number + "/audit.json");
    }

    /** The first night's plan: one incremental step from their newest snapshot per dataset, no rollback. */
    private static void assertPlanIncrementalWithoutRollback(OpenZfsGuest guest, String base) throws IOException {
        JsonNode plan = new ObjectMapper().readTree(guest.exec("cat", "/var/lib/zfs-replication/runs/1/plan.json").stdout());
        List<String> steps = new ArrayList<>();
        plan.get("datasets").forEach(d -> d.get("steps").forEach(s -> steps.add(d.get("source").asText() + " "
                + s.get("kind").asText() + " " + s.get("from").get("name").asText() + " rollback="
                + s.get("rollback").asBoolean())));
        assertThat(steps).as(plan.toPrettyString()).containsExactly("tank INCREMENTAL " + base + " rollback=false",
                "tank/home INCREMENTAL " + base + " rollback=false");
    }

    /** Each dataset's snapshots, oldest first, with their GUIDs: the source's are {@code names}, and the copy's the same. */
    private static void assertSnapshotsOnBothHosts(OpenZfsGuest guest, List<String> names) {
        for (String dataset : DATASETS) {
            List<String> expected = names.stream().map(n -> n + "\t" + guid(guest, dataset + "@" + n)).toList();
            assertThat(snapshots(guest, dataset)).as(dataset).containsExactlyElementsOf(expected);
            assertThat(snapshots(guest, COPY + dataset)).as(COPY + dataset).containsExactlyElementsOf(expected);
        }
    }

    private static List<String> snapshots(OpenZfsGuest guest, String dataset) {
        return guest.exec("zfs", "list", "-H", "-p", "-o", "name,guid", "-t", "snapshot", "-s", "createtxg", "-d", "1",
                dataset).stdout().lines().map(line -> line.substring(line.indexOf('@') + 1)).toList();
    }

    private static String guid(OpenZfsGuest guest, String snapshot) {
        return guest.exec("zfs", "get", "-H", "-p", "-o", "value", "guid", snapshot).stdout().strip();
    }

    /** The snapshot night {@code number} took, from its night.json. */
    private static String nightSnapshot(OpenZfsGuest guest, int number) throws IOException {
        JsonNode night = new ObjectMapper().readTree(guest.exec("cat", "/var/lib/zfs-replication/runs/" + number
                + "/night.json").stdout());
        String snapshot = night.get("snapshot").asText();
        assertThat(snapshot).matches("zr-[0-9]{8}T[0-9]{6}Z");
        return snapshot;
    }

    /** The guest's clock, the one its zfs and its nights read, to the second. */
    private static Instant guestClock(OpenZfsGuest guest) {
        return Instant.ofEpochSecond(Long.parseLong(guest.exec("date", "-u", "+%s").stdout().strip()));
    }

    private static String name(Instant at) {
        return "zr-" + DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC).format(at);
    }

    private static CommandResult runBlock(OpenZfsGuest guest, Path scratch, String name, String script) throws IOException {
        Files.writeString(scratch.resolve(name), script);
        CommandResult run = guest.runner().run(List.of("bash", "-c", "cd " + WORK + " && bash -eu "
                + guest.pathInGuest(scratch.resolve(name))), BLOCK);
        assertThat(run.exitStatus()).as(() -> String.format("%s:%n%s%n%s%n%s%n%s", name, script, run.stdout(), run.stderr(),
                journal(guest)))
                .isZero();
        return run;
    }

    /** Prints, and writes to the build directory, how long the page took; a figure, never an assertion. */
    private static void report(Instant began, Instant installed, Instant pushed) throws IOException {
        long toPush = Duration.between(installed, pushed).toSeconds();
        String line = String.format("nightly push: from the package installed to the first verified nightly push in %d s"
                + " (%.1f min, emulated guest); %d s since the test began%n", toPush, toPush / 60.0,
                Duration.between(began, pushed).toSeconds());
        Files.deleteIfExists(timings());
        record(line);
    }

    private static void record(String line) throws IOException {
        System.out.print(line);
        Files.writeString(timings(), line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private static Path timings() {
        return Path.of(System.getProperty("zfsr.build.dir")).resolve("nightly-push-minutes.txt");
    }

    private static void givenPools(OpenZfsGuest guest) {
        String dir = guest.poolDirectory();
        // empty mount point directories an earlier test's pools left behind would refuse the pools
        root(guest, "rmdir /tank/* /tank /backup/* /backup 2>/dev/null; true");
        guest.exec("truncate", "-s", "512M", dir + "/np-tank.img", dir + "/np-backup.img");
        guest.exec("zpool", "create", "-O", "mountpoint=/tank", "tank", dir + "/np-tank.img");
        guest.exec("zpool", "create", "-O", "mountpoint=/backup", "backup", dir + "/np-backup.img");
        guest.exec("zfs", "create", "tank/home");
        guest.exec("mkdir", "-m", "755", "/tank/home/alice", "/tank/home/docs", "/tank/home/sanoid");
    }

    /** Random bytes to /tank/home/NAME, remembered in {@code home}. */
    private static void write(OpenZfsGuest guest, Map<String, byte[]> home, Random random, String name, int size) {
        byte[] data = bytes(random, size);
        guest.write("/tank/home/" + name, data);
        guest.exec("chmod", "644", "/tank/home/" + name);
        home.put(name, data);
    }

    private static byte[] bytes(Random random, int size) {
        byte[] data = new byte[size];
        random.nextBytes(data);
        return data;
    }

    private static String sha256(byte[] data) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
    }

    private static String sha256(OpenZfsGuest guest, String file) {
        return guest.exec("sha256sum", file).stdout().split(" ", 2)[0];
    }

    private static void cleanUp(OpenZfsGuest guest) {
        String dir = guest.poolDirectory();
        root(guest, "systemctl disable --now zfs-replication-night.timer; systemctl stop zfs-replication-night.service;"
                + " rm -rf /run/systemd/system/zfs-replication-night.timer.d; apt-get purge -y zfs-replication;"
                + " deluser --system zfs-replication; deluser --system zfsr-recv; delgroup --system zfsr-recv;"
                + " rm -rf /var/lib/zfs-replication /var/lib/zfsr-recv /etc/zfs-replication /var/lib/prometheus " + WORK
                + " /tmp/nas-b.key /tmp/thesis.tex; sed -i '/# nightly-push test$/d' /etc/hosts;"
                + " zfs destroy -r backup/drill; zfs destroy backup/storage-a/restore; umount /mnt/restore;"
                + " zpool destroy tank; zpool destroy backup; rmdir /mnt/restore;"
                + " rm -f " + dir + "/np-tank.img " + dir + "/np-backup.img");
    }
}
