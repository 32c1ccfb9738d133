package io.jenkins.plugins.zfsreplication.zfs;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The pools of one test: each on its own sparse image file, mounted below a temporary directory,
 * named with a random prefix so that tests running at the same time never meet.
 */
public final class TestPools {
    /** Sparse: costs nothing on disk until written. zfs-fuse wants at least 64 MiB. */
    private static final long IMAGE_SIZE = 256L << 20;
    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    private final CommandRunner runner;
    private final Path directory;
    private final String prefix;
    private final List<String> names = new ArrayList<>();

    TestPools(CommandRunner runner, Path directory, String prefix) {
        this.runner = runner;
        this.directory = directory;
        this.prefix = prefix;
    }

    /** Creates pool {@code <prefix><suffix>} on a fresh sparse file; returns its root dataset. */
    public DatasetName create(String suffix) {
        String name = prefix + suffix;
        Path image = directory.resolve(name + ".img");
        try (RandomAccessFile file = new RandomAccessFile(image.toFile(), "rw")) {
            file.setLength(IMAGE_SIZE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        runner.run(List.of("zpool", "create", "-m", mountpoint(name).toString(), name, image.toString()), TIMEOUT)
                .orThrow();
        names.add(name);
        return DatasetName.of(name);
    }

    /** Where {@code dataset} (in one of these pools) is mounted. */
    public Path mountpoint(DatasetName dataset) {
        return mountpoint(dataset.pool()).resolve(dataset.relativeTo(DatasetName.of(dataset.pool())));
    }

    public CommandRunner runner() {
        return runner;
    }

    /** Runs a command and fails the test when it fails: for setting up what the test needs. */
    public CommandResult exec(String... command) {
        return runner.run(List.of(command), TIMEOUT).orThrow();
    }

    List<String> names() {
        return List.copyOf(names);
    }

    private Path mountpoint(String pool) {
        return directory.resolve("mnt").resolve(pool);
    }

    /** Destroys every pool (retrying while zfs-fuse still calls one busy), then the files. */
    void destroyAll() {
        List<String> failures = new ArrayList<>();
        for (String name : names) {
            if (!destroy(name)) {
                failures.add(name);
            }
        }
        deleteDirectory();
        if (!failures.isEmpty()) {
            throw new IllegalStateException("Could not destroy test pools " + failures);
        }
    }

    private boolean destroy(String name) {
        for (int attempt = 0; attempt < 10; attempt++) {
            CommandResult result = runner.run(List.of("zpool", "destroy", "-f", name), TIMEOUT);
            if (result.succeeded() || result.stderr().contains("no such pool")) {
                return true;
            }
            try {
                Thread.sleep(200L * (attempt + 1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    private void deleteDirectory() {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
