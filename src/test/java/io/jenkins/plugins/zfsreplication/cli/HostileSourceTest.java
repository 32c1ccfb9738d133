package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.jenkins.plugins.zfsreplication.transfer.SshServer;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsGuest;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsBackend;
import io.jenkins.plugins.zfsreplication.zfs.ZfsTest;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pull from a compromised source. Its {@code zfs} is replaced: asked to send one snapshot of
 * {@code home}, it sends a replication stream ({@code zfs send -R}: the children, every property)
 * of a tree that sets {@code mountpoint} to a directory of the backup host (a stand-in for /etc,
 * holding a file), {@code sharenfs=on}, {@code setuid}, {@code devices} and {@code exec} on, and
 * carries a setuid-root copy of id(1); the second night's incremental stream brings a new child.
 * After each night every file system the backup host received is unmounted, never mounts at boot
 * ({@code canmount=noauto}), mounts (when an admin mounts it) under the backup's own tree, shares
 * nothing and runs no setuid program, device or program at all, and the stream's values are still
 * there as received values (what a restore sends back with {@code zfs send -b}).
 *
 * <p>On OpenZFS the source and the backup are pools of the guest and the run relays over ssh
 * ({@code ssh guest 'zfs send'} | {@code ssh guest 'zfs recv'}); the guest's {@code zfs} is
 * replaced by a script in /usr/local/sbin, which comes first on sshd's PATH. On zfs-fuse the run
 * pulls from an sshd on this host's loopback whose key forces a command that puts the same script
 * first on the PATH: {@code ssh source 'zfs send'} | {@code zfs recv} here.
 */
class HostileSourceTest {
    private static final String FIRST = "zr-20261201T000000Z";
    private static final String SECOND = "zr-20261202T000000Z";
    /** Rewrites "zfs send [-i|-I BASE] SOURCE@SNAP" (no dry run) of one dataset into a replication stream of it. */
    private static final String HOSTILE_ZFS = String.join("\n", "#!/bin/sh",
            "real=/usr/sbin/zfs",
            "last=; base=; previous=; dry=no",
            "for a in \"$@\"; do",
            "  case $a in -*n*) dry=yes ;; esac",
            "  case $previous in -i|-I) base=$a ;; esac",
            "  previous=$a; last=$a",
            "done",
            "if [ \"$1\" = send ] && [ $dry = no ] && [ \"${last%@*}\" = \"$ZFSR_HOSTILE\" ]; then",
            "  if [ -n \"$base\" ]; then exec $real send -R -I \"$base\" \"$last\"; fi",
            "  exec $real send -R \"$last\"",
            "fi",
            "exec $real \"$@\"", "");

    @ZfsTest
    void shouldNeutraliseEveryDatasetAHostileCompoundStreamBrings(TestPools pools, @TempDir Path dir) throws Exception {
        PoolsCli cli = new PoolsCli(pools);
        DatasetName source = pools.create("hs").resolve("home");
        DatasetName targetRoot = pools.create("ht");
        DatasetName target = targetRoot.resolve("home");
        String standIn = pools.mountpoint(DatasetName.of(source.pool())).getParent().resolve("host-etc").toString();
        pools.exec("mkdir", "-p", standIn);
        pools.exec("sh", "-c", "echo 'root:x:0:0' > \"$1\"/passwd", "sh", standIn);
        pools.exec("zfs", "create", source.name());
        pools.exec("zfs", "create", source.resolve("child").name());
        pools.exec("cp", "/usr/bin/id", pools.mountpoint(source.resolve("child")) + "/id");
        pools.exec("chmod", "4755", pools.mountpoint(source.resolve("child")) + "/id");
        pools.exec("zfs", "snapshot", "-r", source + "@" + FIRST);
        // the source goes hostile: unmounted first, so that its own new mount point stays untouched here
        pools.exec("zfs", "unmount", source.resolve("child").name());
        pools.exec("zfs", "unmount", source.name());
        for (String property : List.of("mountpoint=" + standIn, "setuid=on", "devices=on", "exec=on", "canmount=on")) {
            pools.exec("zfs", "set", property, source.name());
        }
        pools.runner().run(List.of("zfs", "set", "sharenfs=on", source.name()), java.time.Duration.ofMinutes(1));

        Hostile hostile = Hostile.start(pools, source, dir);
        try {
            night(cli, hostile, source, targetRoot, dir.resolve("1"));
            assertNeutralised(pools, target, standIn, List.of("", "/child"), cli.lastErr());

            // its own share off: zfs-fuse shares what it changes, and fails without exportfs
            pools.exec("zfs", "create", "-o", "canmount=noauto", "-o", "mountpoint=" + standIn + "/later",
                    "-o", "sharenfs=off", "-o", "setuid=on", source.resolve("later").name());
            pools.exec("zfs", "set", "canmount=on", source.resolve("later").name());
            pools.exec("zfs", "snapshot", "-r", source + "@" + SECOND);
            night(cli, hostile, source, targetRoot, dir.resolve("2"));
            assertThat(cli.lastErr()).contains(target + "/later: ");
            assertNeutralised(pools, target, standIn, List.of("", "/child", "/later"), cli.lastErr());
        } finally {
            hostile.close();
        }
        if (pools.backend() == ZfsBackend.OPENZFS) {
            pools.exportPool(source.pool()); // its own file systems mount over the stand-in at a reboot
            assertThat(receivedValue(pools, target, "mountpoint")).isEqualTo(standIn);
            assertThat(receivedValue(pools, target, "setuid")).isEqualTo("on");
            assertBootMountsNothingAndNoProgramRuns(pools, target, standIn);
        }
    }

    /** Plan on the pools' host (the snapshots are the source's, taken recursively), then run it pulling from the source. */
    private static void night(PoolsCli cli, Hostile hostile, DatasetName source, DatasetName targetRoot, Path out) {
        cli.cli("plan", "--target-root", targetRoot.resolve("home").name(), "-o", out.toString(), source.name());
        List<String> run = new ArrayList<>(List.of(out.resolve("plan.json").toString(), "--buffer", "0",
                "--retries", "0", "--artifacts", out.toString()));
        run.addAll(hostile.runOptions());
        cli.run(run.toArray(String[]::new));
    }

    /** Every file system below the target: unmounted, not at boot, under the backup's tree, not shared, nothing runs. */
    private static void assertNeutralised(TestPools pools, DatasetName target, String standIn, List<String> expected,
                                          String log) {
        List<String> filesystems = pools.exec("zfs", "list", "-H", "-r", "-t", "filesystem", "-o", "name",
                target.name()).stdout().lines().toList();
        assertThat(filesystems).containsExactlyElementsOf(expected.stream().map(child -> target + child).toList());
        Path root = pools.mountpoint(DatasetName.of(target.pool()));
        for (String filesystem : filesystems) {
            Map<String, String[]> properties = properties(pools, filesystem);
            String as = filesystem + " after the run that logged:\n" + log;
            assertThat(properties.get("mounted")[0]).as(as).isEqualTo("no");
            assertThat(properties.get("canmount")[0]).as(as).isEqualTo("noauto");
            assertThat(properties.get("mountpoint")[1]).as(as).isNotEqualTo("received");
            assertThat(properties.get("mountpoint")[0]).as(as)
                    .isEqualTo(root + filesystem.substring(target.pool().length()));
            assertThat(properties.get("sharenfs")[0]).as(as).isEqualTo("off");
            for (String property : List.of("setuid", "devices", "exec")) {
                assertThat(properties.get(property)[0]).as(property + " of " + as).isEqualTo("off");
            }
        }
        String mounts = pools.exec("cat", "/proc/self/mounts").stdout();
        assertThat(mounts.lines().filter(line -> line.startsWith(target.pool() + "/")).toList())
                .as("mounted from the backup").isEmpty();
    }

    /** Value and source of the properties that decide mounting, sharing and running, by name. */
    private static Map<String, String[]> properties(TestPools pools, String filesystem) {
        Map<String, String[]> properties = new TreeMap<>();
        pools.exec("zfs", "get", "-H", "-o", "property,value,source",
                "mounted,canmount,mountpoint,sharenfs,setuid,devices,exec", filesystem).stdout().lines()
                .map(line -> line.split("\t")).forEach(fields -> properties.put(fields[0],
                        new String[] {fields[1], fields[2]}));
        return properties;
    }

    private static String receivedValue(TestPools pools, DatasetName dataset, String property) {
        return pools.exec("zfs", "get", "-H", "-o", "received", property, dataset.name()).stdout().strip();
    }

    /**
     * What a reboot does ({@code zfs mount -a}) mounts nothing of the backup; mounted on purpose, the
     * child's setuid-root id(1) does not run at all (exec=off), let alone as root.
     */
    private static void assertBootMountsNothingAndNoProgramRuns(TestPools pools, DatasetName target, String standIn) {
        pools.exec("zfs", "mount", "-a");
        assertThat(pools.exec("zfs", "get", "-H", "-r", "-t", "filesystem", "-o", "value", "mounted", target.name())
                .stdout().lines().distinct().toList()).containsExactly("no");
        assertThat(pools.exec("cat", "/proc/self/mounts").stdout()).doesNotContain(" " + standIn);
        assertThat(pools.exec("cat", standIn + "/passwd").stdout()).isEqualTo("root:x:0:0\n");
        pools.exec("zfs", "mount", target.name());
        pools.exec("zfs", "mount", target.resolve("child").name());
        try {
            String id = pools.mountpoint(target.resolve("child")) + "/id";
            CommandResult run = pools.runner().run(List.of("setpriv", "--reuid=65534", "--regid=65534",
                    "--clear-groups", id, "-u"), java.time.Duration.ofMinutes(1));
            assertThat(run.exitStatus()).as("%s%s", run.stdout(), run.stderr()).isNotZero();
            assertThat(run.stderr()).contains("Permission denied");
        } finally {
            pools.exec("zfs", "unmount", target.resolve("child").name());
            pools.exec("zfs", "unmount", target.name());
        }
    }

    /** The compromised source: its zfs rewrites sends of {@code source}; closing puts the real zfs back. */
    private record Hostile(TestPools pools, SshServer sshd, List<String> runOptions) implements AutoCloseable {
        static Hostile start(TestPools pools, DatasetName source, Path dir) throws Exception {
            if (pools.backend() == ZfsBackend.OPENZFS) {
                OpenZfsGuest guest = OpenZfsGuest.fromEnvironment(System.getenv());
                guest.write("/usr/local/sbin/zfs", HOSTILE_ZFS.replace("$ZFSR_HOSTILE", source.name())
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
                guest.exec("chmod", "755", "/usr/local/sbin/zfs");
                return new Hostile(pools, null, List.of());
            }
            Path bin = Files.createDirectories(dir.resolve("hostile-bin"));
            Files.writeString(bin.resolve("zfs"), HOSTILE_ZFS.replace("$ZFSR_HOSTILE", source.name()));
            Files.setPosixFilePermissions(bin.resolve("zfs"), PosixFilePermissions.fromString("rwxr-xr-x"));
            Path forced = dir.resolve("forced-command");
            Files.writeString(forced, "#!/bin/sh\nPATH=" + bin + ":$PATH; export PATH\nexec sh -c \"$SSH_ORIGINAL_COMMAND\"\n");
            Files.setPosixFilePermissions(forced, PosixFilePermissions.fromString("rwxr-xr-x"));
            SshServer sshd = SshServer.onLoopback(Files.createDirectories(dir.resolve("sshd")));
            sshd.forceCommand(forced.toString());
            List<String> options = new ArrayList<>(List.of("--source-host", sshd.destination()));
            sshd.clientOptions().forEach(option -> options.add("--ssh-option=" + option));
            return new Hostile(pools, sshd, options);
        }

        @Override
        public void close() {
            if (sshd != null) {
                sshd.close();
            } else {
                pools.exec("rm", "-f", "/usr/local/sbin/zfs");
            }
        }
    }
}
