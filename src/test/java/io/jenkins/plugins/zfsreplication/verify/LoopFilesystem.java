package io.jenkins.plugins.zfsreplication.verify;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real xfs or btrfs file system on a loop device over a sparse image in a temporary directory,
 * for the tests of one class. Needs root, losetup and mkfs.xfs/mkfs.btrfs; everything it creates
 * (mount, loop device, image, directories) is removed after the class, also when a test failed or
 * the setup failed half-way.
 */
final class LoopFilesystem implements BeforeAllCallback, AfterAllCallback {
    private final String type;
    private final long imageBytes;
    private final List<Runnable> cleanups = new ArrayList<>();
    private Path base;
    private Path mountPoint;
    private String device;

    LoopFilesystem(String type, long imageBytes) {
        this.type = type;
        this.imageBytes = imageBytes;
    }

    /** The mounted file system's root. */
    Path root() {
        return mountPoint;
    }

    /** The loop device. */
    String device() {
        return device;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        io.jenkins.plugins.zfsreplication.zfs.TestMachine.requireRoot("the " + type + " loop-device tests (losetup, mount)");
        base = Files.createTempDirectory("zfsr-loop-" + type + "-");
        cleanups.add(() -> deleteQuietly(base));
        Path image = base.resolve(type + ".img");
        try (RandomAccessFile file = new RandomAccessFile(image.toFile(), "rw")) {
            file.setLength(imageBytes);
        }
        cleanups.add(0, () -> deleteQuietly(image));
        device = Commands.run("losetup", "--find", "--show", image.toString()).trim();
        cleanups.add(0, () -> Commands.tryRun(List.of("losetup", "-d", device)));
        Commands.run("xfs".equals(type) ? List.of("mkfs.xfs", "-q", "-f", device) : List.of("mkfs.btrfs", "-q", "-f", device));
        mountPoint = Files.createDirectory(base.resolve("mnt"));
        cleanups.add(0, () -> deleteQuietly(mountPoint));
        Commands.run("mount", "-t", type, device, mountPoint.toString());
        cleanups.add(0, () -> Commands.tryRun(List.of("umount", mountPoint.toString())));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        List<Runnable> steps = new ArrayList<>(cleanups);
        cleanups.clear();
        if (mountPoint != null) {
            Commands.tryRun(List.of("rm", "-rf", "--one-file-system", mountPoint.toString() + "/"));
        }
        steps.forEach(Runnable::run);
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // best effort: a later step reports what is left
        }
    }
}
