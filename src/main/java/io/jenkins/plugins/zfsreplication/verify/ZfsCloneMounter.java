package io.jenkins.plugins.zfsreplication.verify;

import io.jenkins.plugins.zfsreplication.files.InterruptCleared;
import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.SnapshotName;
import java.io.IOException;
import java.time.Duration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.UUID;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads a snapshot through {@code <mountpoint>/.zfs/snapshot/<name>} where ZFS offers that, and
 * otherwise through a temporary read-only clone ({@code <pool>/zfsr-verify-<random>}), which
 * {@link #close()} always destroys. zfs-fuse has no .zfs directory, so it takes the clone path.
 * Commands go through the zfs layer's {@link CommandRunner} as argument vectors.
 *
 * <p>A leaked clone pins its snapshot: every later destroy of it (a prune) fails. So the clone's
 * name is recorded before {@code zfs clone} runs (a clone that is created but not mounted, or whose
 * command was killed by a cancel, is still destroyed), and {@link #close()} runs its commands with
 * the thread's interrupt cleared (a cancelled thread cannot run a command), setting it again after.
 */
public final class ZfsCloneMounter implements SnapshotMounter {
    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    private final CommandRunner runner;
    private final Consumer<String> log;
    private String clone;
    private Path mountPoint;

    /** {@code log} receives each zfs command run (destructive actions are logged). */
    public ZfsCloneMounter(CommandRunner runner, Consumer<String> log) {
        this.runner = runner;
        this.log = log;
    }

    @Override
    public String guid(String snapshot) {
        List<String> guid = run("zfs", "get", "-Hp", "-o", "value", "guid", ZfsCommands.snapshot(snapshot).toString());
        if (guid.size() != 1 || !guid.get(0).matches("[0-9]{1,20}")) {
            throw new VerifyException("Unexpected guid of %s from zfs get: %s", snapshot, guid);
        }
        return guid.get(0);
    }

    @Override
    public Path mount(String snapshot) {
        SnapshotName name = ZfsCommands.snapshot(snapshot);
        String dataset = name.dataset().name();
        List<String> properties = run("zfs", "get", "-H", "-o", "value", "type,mountpoint", dataset);
        if (properties.size() != 2) {
            throw new VerifyException("Unexpected output of zfs get for %s: %s", dataset, properties);
        }
        String type = properties.get(0);
        if ("filesystem".equals(type) && properties.get(1).startsWith("/")) {
            Path direct = Paths.get(properties.get(1), ".zfs", "snapshot", name.snapshot());
            if (Files.isDirectory(direct)) {
                return direct;
            }
        }
        // unique, not secret: a random UUID's first 8 hex digits (no generator made for one use, no
        // blocking on the entropy pool as generateSeed does)
        String cloneName = name.dataset().pool() + "/zfsr-verify-" + UUID.randomUUID().toString().substring(0, 8);
        return "volume".equals(type) ? cloneVolume(snapshot, cloneName) : cloneFilesystem(snapshot, cloneName);
    }

    private Path cloneFilesystem(String snapshot, String name) {
        try {
            mountPoint = Files.createTempDirectory("zfsr-verify-");
        } catch (IOException e) {
            throw new VerifyException(e, "Cannot create a temporary mount point: %s", e.getMessage());
        }
        clone = name;
        run("zfs", "clone", "-o", "readonly=on", "-o", "mountpoint=" + mountPoint, snapshot, name);
        return mountPoint;
    }

    private Path cloneVolume(String snapshot, String name) {
        clone = name;
        run("zfs", "clone", snapshot, name);
        Path device = Paths.get("/dev/zvol", name);
        for (int i = 0; i < 100 && !Files.exists(device); i++) {
            sleep();
        }
        if (!Files.exists(device)) {
            throw new VerifyException("The clone %s of %s got no device %s within 10 s", name, snapshot, device);
        }
        return device;
    }

    @Override
    public void close() {
        try {
            if (clone != null) {
                InterruptCleared.run(this::destroyClone);
            }
        } finally {
            if (mountPoint != null) {
                try {
                    Files.deleteIfExists(mountPoint);
                } catch (IOException e) {
                    log.accept("could not remove the temporary mount point " + mountPoint + ": " + e.getMessage());
                }
                mountPoint = null;
            }
        }
    }

    /** zfs-fuse may still hold a just-used mount busy for a moment, so destroy is retried briefly. */
    private void destroyClone() {
        for (int attempt = 1; ; attempt++) {
            try {
                CommandResult result = runCommand("zfs", "destroy", clone);
                if (!result.succeeded() && !result.saysDatasetMissing()) {
                    throw failure(result);
                }
                // gone either way: destroyed now, or never created (zfs clone failed or was killed before it)
                clone = null;
                return;
            } catch (VerifyException e) {
                if (attempt == 20 || e instanceof VerifyCancelledException) {
                    log.accept("could not destroy the temporary clone " + clone + ": destroy it with zfs destroy " + clone);
                    throw e;
                }
                log.accept("destroying " + clone + " failed, retrying: " + e.getMessage());
                sleep();
                sleep();
            }
        }
    }

    private List<String> run(String... command) {
        CommandResult result = runCommand(command);
        if (!result.succeeded()) {
            throw failure(result);
        }
        return result.stdout().lines().toList();
    }

    private CommandResult runCommand(String... command) {
        return ZfsCommands.run(runner, log, TIMEOUT, e -> new VerifyException(e, "%s", e.getMessage()), command);
    }

    private static VerifyException failure(CommandResult result) {
        return new VerifyException("%s failed (exit %d): %s", String.join(" ", result.command()), result.exitStatus(),
                (result.stderr() + result.stdout()).trim());
    }

    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VerifyCancelledException("Interrupted while waiting for a zvol device");
        }
    }
}
