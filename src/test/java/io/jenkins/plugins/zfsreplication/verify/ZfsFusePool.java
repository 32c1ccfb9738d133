package io.jenkins.plugins.zfsreplication.verify;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A uniquely named zfs-fuse pool on a sparse file in a temporary directory, mounted below that
 * directory, for the tests of one class; destroyed afterwards, also after failures. Needs the
 * zfs-fuse daemon (start it with {@code zfs-fuse --no-kstat-mount -p /run/zfs-fuse.pid}).
 *
 * <p>Interim test bed of the verify tests; the zfs package's pool test bed replaces it on merge.
 */
final class ZfsFusePool implements BeforeAllCallback, AfterAllCallback {
    private Path base;
    private String name;
    private Path mountPoint;
    private boolean created;

    String name() {
        return name;
    }

    Path mountPoint() {
        return mountPoint;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        String skip = io.jenkins.plugins.zfsreplication.zfs.ZfsTestBed.unavailableReason();
        if (skip != null) {
            throw io.jenkins.plugins.zfsreplication.zfs.TestMachine.missing("ZFS integration test on zfs-fuse: " + skip);
        }
        if (Commands.tryRun(List.of("pgrep", "-x", "zfs-fuse")).exit() != 0) {
            throw new IllegalStateException("zfs-fuse is not running: start it with zfs-fuse --no-kstat-mount -p /run/zfs-fuse.pid");
        }
        base = Files.createTempDirectory("zfsr-pool-");
        Path image = base.resolve("pool.img");
        try (RandomAccessFile file = new RandomAccessFile(image.toFile(), "rw")) {
            file.setLength(128L << 20);
        }
        // zrt: the prefix bin/test counts as left-over test pools
        name = "zrtv" + HexFormat.of().formatHex(new SecureRandom().generateSeed(4));
        mountPoint = base.resolve("mnt");
        Commands.run("zpool", "create", "-m", mountPoint.toString(), name, image.toString());
        created = true;
    }

    /**
     * zfs-fuse may report a pool busy for a while after its last use, so destroy is retried; the
     * backing file is removed only once the pool is gone (never under a live pool).
     */
    @Override
    public void afterAll(ExtensionContext context) throws InterruptedException {
        if (base == null) {
            return;
        }
        if (created) {
            Commands.Result result = null;
            for (int attempt = 0; attempt < 30; attempt++) {
                result = Commands.tryRun(List.of("zpool", "destroy", "-f", name));
                if (result.exit() == 0 || Commands.tryRun(List.of("zpool", "list", "-H", name)).exit() != 0) {
                    break; // destroyed, or gone already (a restarted daemon forgets pools on files)
                }
                Thread.sleep(1000);
            }
            if (result.exit() != 0 && Commands.tryRun(List.of("zpool", "list", "-H", name)).exit() == 0) {
                throw new IllegalStateException("could not destroy the test pool " + name + " (its file stays in "
                        + base + "): " + result.output());
            }
        }
        Commands.tryRun(List.of("rm", "-rf", base.toString()));
    }

    /** Runs zfs with the given arguments (test set-up only). */
    static String zfs(String... arguments) {
        String[] command = new String[arguments.length + 1];
        command[0] = "zfs";
        System.arraycopy(arguments, 0, command, 1, arguments.length);
        return Commands.run(command);
    }
}
