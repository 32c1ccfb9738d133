package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.UUID;
import java.util.stream.Stream;

import io.jenkins.plugins.zfsreplication.zfs.CommandResult;
import io.jenkins.plugins.zfsreplication.zfs.CommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.OpenZfsGuest;
import io.jenkins.plugins.zfsreplication.zfs.ProcessCommandRunner;
import io.jenkins.plugins.zfsreplication.zfs.TestPools;
import io.jenkins.plugins.zfsreplication.zfs.ZfsBackend;

/**
 * Nights as a test runs them on either backend: on zfs-fuse the command line in this JVM; on
 * OpenZFS the whole night in the guest (its send, receive and verify are processes and files
 * there), in a directory both see, while what only reads zfs or files ({@link #here}) runs in this
 * JVM with the guest's zfs as this host's.
 */
final class TestNights implements AutoCloseable {
    private static final Duration NIGHT = Duration.ofMinutes(20);
    private final TestPools pools;
    private final OpenZfsGuest guest;
    private final Path base;

    TestNights(TestPools pools, Path folder) {
        this.pools = pools;
        this.guest = pools.backend() == ZfsBackend.OPENZFS ? OpenZfsGuest.fromEnvironment(System.getenv()) : null;
        try {
            this.base = guest == null ? folder : Files.createDirectories(guest.scratchDirectory()
                    .resolve("nights-" + UUID.randomUUID()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A directory the nights and this JVM both see. */
    Path base() {
        return base;
    }

    /** {@code file} as the night names it (in the guest: its path there). */
    String named(Path file) {
        return guest == null ? file.toString() : guest.pathInGuest(file);
    }

    /** {@code night ARGS} where the pools are; its output appended to {@code out} and {@code err}. */
    int night(StringWriter out, StringWriter err, String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "night";
        System.arraycopy(args, 0, all, 1, args.length);
        if (guest == null) {
            return here(out, err, all);
        }
        CommandResult result = guest.cli(NIGHT, all);
        out.write(result.stdout());
        err.write(result.stderr());
        return result.exitStatus();
    }

    /** A command in this JVM, the guest's zfs as this host's on OpenZFS. */
    int here(StringWriter out, StringWriter err, String... args) {
        CommandRunner runner = guest == null ? new ProcessCommandRunner() : new PoolsCli.GuestAsLocal(pools.runner());
        return Main.run(new CliEnvironment(runner, new PrintWriter(out, true), new PrintWriter(err, true)), args);
    }

    @Override
    public void close() throws IOException {
        if (guest == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(base)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }
}
