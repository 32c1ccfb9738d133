package io.jenkins.plugins.zfsreplication.verify;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Reads a snapshot through {@code <mountpoint>/.zfs/snapshot/<name>} where ZFS offers that, and
 * otherwise through a temporary read-only clone ({@code <pool>/zfsr-verify-<random>}), which
 * {@link #close()} always destroys. zfs-fuse has no .zfs directory, so it takes the clone path.
 *
 * <p>Interim: this class runs {@code zfs} itself (argument vectors, no shell) until the verify
 * code is wired to the project's zfs layer, which owns every zfs process; it is the only class
 * outside that layer that does.
 */
public final class ZfsCloneMounter implements SnapshotMounter {
    private static final long TIMEOUT_SECONDS = 120;

    private final Consumer<String> log;
    private String clone;
    private Path mountPoint;

    /** {@code log} receives each zfs command run (destructive actions are logged). */
    public ZfsCloneMounter(Consumer<String> log) {
        this.log = log;
    }

    @Override
    public Path mount(String snapshot) {
        int at = snapshot.indexOf('@');
        if (at <= 0 || at == snapshot.length() - 1 || snapshot.indexOf('@', at + 1) >= 0) {
            throw new VerifyException("'%s' is not a snapshot name: use pool/dataset@snapshot", snapshot);
        }
        String dataset = snapshot.substring(0, at);
        List<String> properties = run("zfs", "get", "-H", "-o", "value", "type,mountpoint", dataset);
        if (properties.size() != 2) {
            throw new VerifyException("Unexpected output of zfs get for %s: %s", dataset, properties);
        }
        String type = properties.get(0);
        if ("filesystem".equals(type) && properties.get(1).startsWith("/")) {
            Path direct = Paths.get(properties.get(1), ".zfs", "snapshot", snapshot.substring(at + 1));
            if (Files.isDirectory(direct)) {
                return direct;
            }
        }
        String pool = dataset.contains("/") ? dataset.substring(0, dataset.indexOf('/')) : dataset;
        String name = pool + "/zfsr-verify-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(4));
        return "volume".equals(type) ? cloneVolume(snapshot, name) : cloneFilesystem(snapshot, name);
    }

    private Path cloneFilesystem(String snapshot, String name) {
        try {
            mountPoint = Files.createTempDirectory("zfsr-verify-");
        } catch (IOException e) {
            throw new VerifyException(e, "Cannot create a temporary mount point: %s", e.getMessage());
        }
        run("zfs", "clone", "-o", "readonly=on", "-o", "mountpoint=" + mountPoint, snapshot, name);
        clone = name;
        return mountPoint;
    }

    private Path cloneVolume(String snapshot, String name) {
        run("zfs", "clone", snapshot, name);
        clone = name;
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
                destroyClone();
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
                run("zfs", "destroy", clone);
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
        log.accept("running: " + String.join(" ", command));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new VerifyException("%s did not finish within %d s", String.join(" ", command), TIMEOUT_SECONDS);
            }
            String text = new String(output, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new VerifyException("%s failed (exit %d): %s", String.join(" ", command), process.exitValue(), text.trim());
            }
            List<String> lines = new ArrayList<>();
            text.lines().forEach(lines::add);
            return lines;
        } catch (IOException e) {
            throw new VerifyException(e, "Cannot run %s: %s. Is ZFS installed?", command[0], e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new VerifyCancelledException("Interrupted while running %s", String.join(" ", command));
        }
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
