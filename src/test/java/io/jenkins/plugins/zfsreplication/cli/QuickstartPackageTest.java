package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsGuest;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsTestBed;

/**
 * The README's quickstart, as written, on a Debian 12 with OpenZFS 2.3 and systemd (the guest): the
 * package the build made is installed with apt, ZFS permissions are delegated to its user, the first
 * night runs as that user under systemd, then the timer runs the second night by itself. The copy
 * is checked against what was written (its files' SHA-256, read from a clone root mounts) and
 * against the source (each snapshot's GUID); the delegated user's holds, bookmarks, prune and
 * incremental verify worked, and it can do nothing outside what it was given.
 */
@ExtendWith(OpenZfsTestBed.class)
class QuickstartPackageTest {
    static final Duration LONG = Duration.ofMinutes(6);
    private static final String OLD = "zr-20000101T000000Z";
    static final String WORK = "/root/quickstart";

    @Test
    @Timeout(value = 20, unit = TimeUnit.MINUTES)
    void shouldBackUpByTheReadmesQuickstartAndRunTheTimersNight(OpenZfsGuest guest) throws Exception {
        assumeTrue(Boolean.getBoolean("zfsr.packaged"), "runs after the package phase (surefire's package-tests)");
        String script = quickstart(Files.readString(repository().resolve("README.md")));
        Path deb = deb();
        Path scratch = guest.scratchDirectory();
        Files.writeString(scratch.resolve("quickstart.sh"), script);
        Random random = new Random(27);
        List<String> written = new ArrayList<>();
        try {
            givenTankHomeAndBackup(guest, random, written);
            guest.exec("mkdir", "-p", WORK);
            guest.exec("cp", guest.pathInGuest(deb), WORK + "/");

            Instant started = Instant.now();
            CommandResult run = root(guest, "cd " + WORK + " && bash -eu " + guest.pathInGuest(scratch.resolve("quickstart.sh")));
            Duration took = Duration.between(started, Instant.now());
            assertThat(run.exitStatus()).as(() -> String.format("%s%n%s%n%s", run.stdout(), run.stderr(), journal(guest)))
                    .isZero();
            System.out.printf("quickstart: from the package to a first verified backup in %d s (emulated guest)%n",
                    took.toSeconds());
            assertThat(run.stdout()).contains("ZFS-REPLICATION OK");
            String first = newestNight(guest, 1);

            // the second night: new data, and the timer fires it
            written.add(file(guest, random, "second", 1 << 20));
            fireTheTimer(guest);
            String second = newestNight(guest, 2);

            assertCopy(guest, List.of(first, second), written, second);
            assertDelegatedProtections(guest, first, second);
        } finally {
            cleanUp(guest);
        }
    }

    /**
     * docs/howto/pull.md, its sh blocks as written, in one guest standing for both hosts: the source
     * host is reached as {@code zfs-pull@127.0.0.1}, the page's placeholders (the source's name, the
     * backup host's address, the key) replaced by what they stand for here, nothing else changed. The night pulls over ssh as the
     * package's user; the copy has the source's snapshots (GUIDs), the source holds the base for the
     * target id, and the source's user can do nothing beyond its delegation.
     */
    @Test
    @Timeout(value = 20, unit = TimeUnit.MINUTES)
    void shouldPullByTheHowtoAsWritten(OpenZfsGuest guest) throws Exception {
        assumeTrue(Boolean.getBoolean("zfsr.packaged"), "runs after the package phase (surefire's package-tests)");
        List<String> blocks = shBlocks(Files.readString(repository().resolve("docs/howto/pull.md")));
        assertThat(blocks).as("pull.md's sh blocks: source, backup host, the key, the host key, the first night")
                .hasSize(5);
        Path scratch = guest.scratchDirectory();
        Random random = new Random(31);
        List<String> written = new ArrayList<>();
        try {
            givenTankHomeAndBackup(guest, random, written);
            guest.exec("mkdir", "-p", WORK);
            guest.exec("cp", guest.pathInGuest(deb()), WORK + "/");
            root(guest, "cd " + WORK + " && apt-get install -y ./zfs-replication_*_all.deb").orThrow();

            runBlock(guest, scratch, "pull-1.sh", blocks.get(0));
            runBlock(guest, scratch, "pull-2.sh", replace(blocks.get(1), "zfs-pull@storage-a", "zfs-pull@127.0.0.1"));
            String key = guest.exec("cat", "/var/lib/zfs-replication/.ssh/id_ed25519.pub").stdout().strip();
            runBlock(guest, scratch, "pull-3.sh", replace(replace(blocks.get(2), "from=\"192.0.2.20\"",
                    "from=\"127.0.0.1\""), "ssh-ed25519 AAAA...the key... zfs-replication@nas-b", key));
            runBlock(guest, scratch, "pull-4.sh", replace(blocks.get(3), "ssh-keyscan -t ed25519 storage-a ",
                    "ssh-keyscan -t ed25519 127.0.0.1 "));
            CommandResult night = runBlock(guest, scratch, "pull-5.sh", replace(blocks.get(4), "zfs-pull@storage-a",
                    "zfs-pull@127.0.0.1"));
            assertThat(night.stdout()).as(() -> night.stdout() + journal(guest)).contains("ZFS-REPLICATION OK");

            String snapshot = newestNight(guest, 1);
            for (String dataset : List.of("tank", "tank/home")) {
                String copy = "backup/storage-a/" + dataset + "@" + snapshot;
                assertThat(guest.exec("zfs", "get", "-Hp", "-o", "value", "guid", copy).stdout())
                        .isEqualTo(guest.exec("zfs", "get", "-Hp", "-o", "value", "guid", dataset + "@" + snapshot).stdout());
            }
            assertThat(guest.exec("zfs", "holds", "-H", "tank/home@" + snapshot).stdout()).contains("zfs-replication:nas-b");
            assertThat(guest.exec("zfs", "holds", "-H", "backup/storage-a/tank/home@" + snapshot).stdout())
                    .contains("zfs-replication:nas-b");
            // the source's user snapshots and sends; it destroys nothing
            CommandResult destroy = guest.runner().run(List.of("runuser", "-u", "zfs-pull", "--", "zfs", "destroy",
                    "tank/home@" + snapshot), LONG);
            assertThat(destroy.exitStatus()).isNotZero();
            assertThat(destroy.stderr()).contains("permission denied");
        } finally {
            root(guest, "deluser --system zfs-pull; rm -rf /var/lib/zfs-pull /tmp/storage-a.key");
            cleanUp(guest);
        }
    }

    /** Every sh block of a page, in order. */
    static List<String> shBlocks(String markdown) {
        List<String> blocks = new ArrayList<>();
        Matcher block = Pattern.compile("(?ms)^```sh\n(.*?)^```").matcher(markdown);
        while (block.find()) {
            blocks.add(block.group(1));
        }
        return blocks;
    }

    /** The page's placeholder for something of this host (its name, its address, its key) replaced by it. */
    static String replace(String text, String placeholder, String value) {
        assertThat(text).as("the placeholder is in the page").contains(placeholder);
        return text.replace(placeholder, value);
    }

    private static CommandResult runBlock(OpenZfsGuest guest, Path scratch, String name, String script) throws IOException {
        Files.writeString(scratch.resolve(name), script);
        CommandResult run = root(guest, "cd " + WORK + " && bash -eu " + guest.pathInGuest(scratch.resolve(name)));
        assertThat(run.exitStatus()).as(() -> String.format("%s:%n%s%n%s%n%s%n%s", name, script, run.stdout(), run.stderr(),
                journal(guest)))
                .isZero();
        return run;
    }

    /** The first sh block under the README's "Quickstart:" heading. */
    static String quickstart(String readme) {
        Matcher section = Pattern.compile("(?ms)^## Quickstart: .*?^```sh\n(.*?)^```").matcher(readme);
        assertThat(section.find()).as("README.md has a '## Quickstart: ...' section with a sh block").isTrue();
        return section.group(1);
    }

    private static void givenTankHomeAndBackup(OpenZfsGuest guest, Random random, List<String> written)
            throws NoSuchAlgorithmException {
        String dir = guest.poolDirectory();
        guest.exec("truncate", "-s", "512M", dir + "/qs-tank.img", dir + "/qs-backup.img");
        guest.exec("zpool", "create", "-O", "mountpoint=/tank", "tank", dir + "/qs-tank.img");
        guest.exec("zpool", "create", "-O", "mountpoint=/backup", "backup", dir + "/qs-backup.img");
        guest.exec("zfs", "create", "tank/home");
        guest.exec("mkdir", "-m", "755", "/tank/home/docs");
        written.add(file(guest, random, "docs/first", 3 << 20));
        written.add(file(guest, random, "small", 1000));
        // an old snapshot the first night's prune must destroy before it is sent; taken before
        // every snapshot of the night, or prune would not trust its time and would keep it
        guest.exec("zfs", "snapshot", "tank/home@" + OLD);
    }

    /** Writes random bytes to /tank/home/NAME; returns the line sha256sum prints for it in the copy. */
    private static String file(OpenZfsGuest guest, Random random, String name, int size) throws NoSuchAlgorithmException {
        byte[] data = new byte[size];
        random.nextBytes(data);
        guest.write("/tank/home/" + name, data);
        guest.exec("chmod", "644", "/tank/home/" + name);
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data)) + "  ./" + name;
    }

    /** A drop-in moves the timer's OnCalendar to 20 s from now; waits until the night it starts has ended. */
    static void fireTheTimer(OpenZfsGuest guest) throws InterruptedException {
        fireTheTimer(guest, LONG);
    }

    /** As {@link #fireTheTimer(OpenZfsGuest)}, waiting at most {@code wait} for the night to end. */
    static void fireTheTimer(OpenZfsGuest guest, Duration wait) throws InterruptedException {
        String before = guest.exec("systemctl", "show", "-p", "ExecMainStartTimestampMonotonic", "--value",
                "zfs-replication-night.service").stdout().strip();
        String at = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC).format(
                Instant.parse(guest.exec("date", "-u", "+%Y-%m-%dT%H:%M:%SZ").stdout().strip()).plusSeconds(20));
        root(guest, "mkdir -p /run/systemd/system/zfs-replication-night.timer.d && printf '[Timer]\\nOnCalendar=\\n"
                + "OnCalendar=" + at + " UTC\\nRandomizedDelaySec=0\\n' > /run/systemd/system/zfs-replication-night.timer.d/"
                + "now.conf && systemctl daemon-reload && systemctl restart zfs-replication-night.timer").orThrow();
        Instant deadline = Instant.now().plus(wait);
        while (Instant.now().isBefore(deadline)) {
            String state = guest.exec("systemctl", "show", "-p", "ActiveState", "-p", "Result", "-p", "NRestarts",
                    "-p", "ExecMainStartTimestampMonotonic", "zfs-replication-night.service").stdout();
            if (!state.contains("ExecMainStartTimestampMonotonic=" + before + "\n") && state.contains("ActiveState=inactive")) {
                assertThat(state).as(() -> journal(guest)).contains("Result=success");
                return;
            }
            Thread.sleep(2000);
        }
        throw new AssertionError("the timer's night did not end within " + wait + ":\n" + journal(guest));
    }

    /** The snapshot night {@code number} took, from its night.json; the night ended with exit status 0. */
    private static String newestNight(OpenZfsGuest guest, int number) {
        String json = guest.exec("cat", "/var/lib/zfs-replication/runs/" + number + "/night.json").stdout();
        assertThat(json).contains("\"exitStatus\" : 0", "\"dryRun\" : false");
        Matcher snapshot = Pattern.compile("\"snapshot\" : \"(zr-[0-9T]+Z)\"").matcher(json);
        assertThat(snapshot.find()).as(json).isTrue();
        guest.exec("test", "-s", "/var/lib/zfs-replication/runs/" + number + "/audit.json");
        return snapshot.group(1);
    }

    /** Same GUIDs as the source, and the bytes written, read from a clone of the copy that root mounts. */
    private static void assertCopy(OpenZfsGuest guest, List<String> nights, List<String> written, String newest) {
        List<String> copy = new ArrayList<>();
        for (String night : nights) {
            String sourceGuid = guest.exec("zfs", "get", "-Hp", "-o", "value", "guid", "tank/home@" + night).stdout().strip();
            copy.add(night + " " + guest.exec("zfs", "get", "-Hp", "-o", "value", "guid", "backup/tank/home@" + night)
                    .stdout().strip());
            assertThat(copy.get(copy.size() - 1)).isEqualTo(night + " " + sourceGuid);
        }
        assertThat(guest.exec("zfs", "list", "-H", "-o", "name", "-t", "snapshot", "backup/tank/home").stdout().lines()
                .toList()).containsExactly("backup/tank/home@" + nights.get(0), "backup/tank/home@" + nights.get(1));
        guest.exec("zfs", "clone", "-o", "mountpoint=/mnt/qs-copy", "-o", "readonly=on", "backup/tank/home@" + newest,
                "backup/qs-check");
        String sums = root(guest, "cd /mnt/qs-copy && find . -type f -exec sha256sum {} + | sort -k 2").orThrow().stdout();
        guest.exec("zfs", "destroy", "backup/qs-check");
        assertThat(sums.lines().toList()).containsExactlyElementsOf(
                written.stream().sorted((a, b) -> a.substring(66).compareTo(b.substring(66))).toList());
    }

    /** Holds and bookmarks on the base, the old snapshot pruned, verify incremental, nothing beyond the delegation. */
    private static void assertDelegatedProtections(OpenZfsGuest guest, String first, String second) {
        assertThat(guest.exec("zfs", "holds", "-H", "tank/home@" + second).stdout()).contains("zfs-replication:backup");
        assertThat(guest.exec("zfs", "holds", "-H", "tank/home@" + first).stdout()).isEmpty();
        assertThat(guest.exec("zfs", "list", "-H", "-o", "name", "-t", "bookmark", "tank/home").stdout())
                .contains("tank/home#" + second);
        assertThat(guest.exec("zfs", "list", "-H", "-o", "name", "-t", "snapshot", "tank/home").stdout())
                .doesNotContain(OLD);
        String journal = journal(guest);
        assertThat(journal).contains("--since tank/home@" + first, "Deactivated successfully");
        guest.exec("test", "-s", "/var/lib/zfs-replication/runs/2/verify/tank~home.source.manifest");
        CommandResult outside = guest.runner().run(List.of("runuser", "-u", "zfs-replication", "--", "zfs", "snapshot",
                "backup@not-delegated"), LONG);
        assertThat(outside.exitStatus()).isNotZero();
        assertThat(outside.stderr()).contains("permission denied");
        assertThat(guest.exec("id", "-u", "zfs-replication").stdout().strip()).isNotEqualTo("0");
    }

    static String journal(OpenZfsGuest guest) {
        return guest.runner().run(List.of("journalctl", "-u", "zfs-replication-night", "--no-pager", "-o", "cat"), LONG)
                .stdout();
    }

    static CommandResult root(OpenZfsGuest guest, String script) {
        return guest.runner().run(List.of("bash", "-c", script), LONG);
    }

    private static void cleanUp(OpenZfsGuest guest) {
        root(guest, "systemctl disable --now zfs-replication-night.timer; systemctl stop zfs-replication-night.service;"
                + " rm -rf /run/systemd/system/zfs-replication-night.timer.d; apt-get purge -y zfs-replication;"
                + " deluser --system zfs-replication; rm -rf /var/lib/zfs-replication /etc/zfs-replication " + WORK + ";"
                + " zfs destroy backup/qs-check; zpool destroy tank; zpool destroy backup;"
                + " rm -f " + guest.poolDirectory() + "/qs-tank.img " + guest.poolDirectory() + "/qs-backup.img");
    }

    static Path repository() {
        return Path.of(System.getProperty("zfsr.repo.root")).toAbsolutePath().normalize();
    }

    /** The package the build's package phase made. */
    static Path deb() throws IOException {
        Path target = Path.of(System.getProperty("zfsr.build.dir")).toAbsolutePath().normalize();
        try (Stream<Path> files = Files.list(target)) {
            List<Path> debs = files.filter(p -> p.getFileName().toString().matches("zfs-replication_.*_all\\.deb")).toList();
            assertThat(debs).as("the package phase's .deb in %s", target).hasSize(1);
            return debs.get(0);
        }
    }
}
