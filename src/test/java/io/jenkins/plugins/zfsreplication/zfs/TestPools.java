package io.jenkins.plugins.zfsreplication.zfs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The pools of one test: each on its own sparse image file, mounted below a directory of the
 * test's own, named with a random prefix so that tests running at the same time never meet. The
 * pools are on the host of {@link #backend()}: zfs-fuse on this machine, or OpenZFS in the guest,
 * where every path here ({@link #mountpoint}) is a path inside the guest; {@link #write},
 * {@link #exists} and {@link #pipe} work on either.
 */
public final class TestPools {
    /** Sparse: costs nothing on disk until written. zfs-fuse and OpenZFS want at least 64 MiB. */
    private static final long IMAGE_SIZE = 256L << 20;
    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    private final ZfsBackend backend;
    private final CommandRunner runner;
    private final FileWriter writer;
    private final Path directory;
    private final String prefix;
    private final List<String> names = new ArrayList<>();

    /** How bytes from the test get into a file on the pools' host. */
    @FunctionalInterface
    interface FileWriter {
        void write(Path path, byte[] data);
    }

    /** zfs-fuse pools on this host, below {@code directory}. */
    TestPools(CommandRunner runner, Path directory, String prefix) {
        this(ZfsBackend.ZFS_FUSE, runner, TestPools::writeLocally, directory, prefix);
    }

    TestPools(ZfsBackend backend, CommandRunner runner, FileWriter writer, Path directory, String prefix) {
        this.backend = backend;
        this.runner = runner;
        this.writer = writer;
        this.directory = directory;
        this.prefix = prefix;
        exec("mkdir", "-p", directory.toString());
    }

    /** Creates pool {@code <prefix><suffix>} on a fresh sparse file; returns its root dataset. */
    public DatasetName create(String suffix) {
        String name = prefix + suffix;
        Path image = directory.resolve(name + ".img");
        exec("truncate", "-s", Long.toString(IMAGE_SIZE), image.toString());
        exec("zpool", "create", "-m", mountpoint(name).toString(), name, image.toString());
        names.add(name);
        return DatasetName.of(name);
    }

    /** The image file of pool {@code pool}, its one vdev (a path on the pools' host). */
    public Path image(String pool) {
        return directory.resolve(pool + ".img");
    }

    /** {@code zpool import} of one of this test's pools exported before, from its image's directory. */
    public void importPool(String pool) {
        exec("zpool", "import", "-d", directory.toString(), pool);
    }

    /** The ZFS these pools are on; for the few expectations that differ between them. */
    public ZfsBackend backend() {
        return backend;
    }

    /** Where {@code dataset} (in one of these pools) is mounted, on the pools' host. */
    public Path mountpoint(DatasetName dataset) {
        return mountpoint(dataset.pool()).resolve(dataset.relativeTo(DatasetName.of(dataset.pool())));
    }

    /** Writes {@code data} as file {@code name} in the mounted {@code dataset}. */
    public void write(DatasetName dataset, String name, byte[] data) {
        writer.write(mountpoint(dataset).resolve(name), data);
    }

    /** Whether file {@code name} exists in the mounted {@code dataset}. */
    public boolean exists(DatasetName dataset, String name) {
        return runner.run(List.of("test", "-e", mountpoint(dataset).resolve(name).toString()), TIMEOUT).succeeded();
    }

    /**
     * Runs {@code send > file}, then {@code recv < file} on the pools' host, and returns the bytes of
     * the stream (so each stream is counted exactly). The shell line is built from the two argument
     * vectors with every argument quoted.
     */
    public long pipe(List<String> send, List<String> recv) {
        String stream = directory.resolve("stream").toString();
        String script = "set -e; " + SshCommandRunner.quote(send) + " > " + SshCommandRunner.quote(List.of(stream))
                + "; wc -c < " + SshCommandRunner.quote(List.of(stream)) + "; " + SshCommandRunner.quote(recv) + " < "
                + SshCommandRunner.quote(List.of(stream)) + "; rm -f " + SshCommandRunner.quote(List.of(stream));
        CommandResult result = runner.run(List.of("sh", "-c", script), TIMEOUT);
        if (!result.succeeded()) {
            runner.run(List.of("rm", "-f", stream), TIMEOUT);
            throw new IllegalStateException(send + " | " + recv + " failed: " + result.stderr().strip());
        }
        return Long.parseLong(result.stdout().strip());
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
        if (!failures.isEmpty()) {
            throw new IllegalStateException("Could not destroy test pools " + failures);
        }
        exec("rm", "-rf", "--one-file-system", directory.toString());
    }

    /** {@code zpool destroy} of one of this test's pools in its midst, retried while zfs-fuse calls it busy. */
    public void destroyPool(String name) {
        if (!destroy(name)) {
            throw new IllegalStateException("Could not destroy test pool " + name);
        }
    }

    /** {@code zpool export} of one of this test's pools, retried while zfs-fuse calls it busy. */
    public void exportPool(String name) {
        if (!whileBusy(List.of("zpool", "export", name), false)) {
            throw new IllegalStateException("Could not export test pool " + name);
        }
    }

    /**
     * A setup command on a file system the test just used ({@code zfs rename}, {@code zfs destroy -r}),
     * retried while zfs-fuse calls it busy, as an admin would; fails the test when it never succeeds.
     */
    public void execWhileBusy(String... command) {
        if (!whileBusy(List.of(command), false)) {
            throw new IllegalStateException("Still failing after retries: " + String.join(" ", command));
        }
    }

    private boolean destroy(String name) {
        return whileBusy(List.of("zpool", "destroy", "-f", name), true);
    }

    /** Runs {@code command} until it succeeds, ten times at most: zfs-fuse may call a pool busy for a while after its last use. */
    private boolean whileBusy(List<String> command, boolean goneIsDone) {
        for (int attempt = 0; attempt < 10; attempt++) {
            CommandResult result = runner.run(command, TIMEOUT);
            if (result.succeeded() || goneIsDone && result.stderr().contains("no such pool")) {
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

    private static void writeLocally(Path path, byte[] data) {
        try {
            Files.write(path, data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
