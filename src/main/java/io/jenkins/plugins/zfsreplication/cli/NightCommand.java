package io.jenkins.plugins.zfsreplication.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code zfs-replication night}: a whole night from one config file (see {@link NightConfig}) into
 * the next numbered run directory under {@code runs}, chained by audit.json to the one before; an
 * exclusive lock on {@code runs/.lock} keeps two nights apart.
 */
@Command(name = "night", description = {"Run a whole night from one config file.",
    "Tonight's snapshot and plan, prune, send/recv, verify, the coverage slice (coverage-nights), check, audit"
        + " record: the subcommands themselves, each with the options the config file gives it (a key is the"
        + " option's name without its dashes; an example:"
        + " /usr/share/doc/zfs-replication/examples/night.conf); every artifact in the next numbered directory under"
        + " runs, chained by audit.json to the night before.",
    "Exit status: 0 done and fresh; 1 a stage failed or the backup is CRITICAL by check; 2 bad config (every"
        + " value is read before anything runs: nothing ran);"
        + " 3 done, but a dataset was not backed up and not excluded (night.json says which and why), verify = copy"
        + " could not compare the copy, or check says WARNING; 75 another night holds the lock"
        + " (nothing done)."})
final class NightCommand implements Callable<Integer> {
    static final String DEFAULT_CONFIG = "/etc/zfs-replication/night.conf";

    private final CliEnvironment environment;

    @Option(names = "--config", paramLabel = "FILE", defaultValue = DEFAULT_CONFIG,
            description = "The night's config file (default ${DEFAULT-VALUE}).")
    private Path config;

    @Option(names = "--dry-run", description = "Tonight as it would go, changing nothing: tonight's snapshot simulated,"
            + " each dataset's step (full, incremental, resume) and its size, prune as a dry run (of the snapshots"
            + " that exist); no send, verify, check or audit record, no lock, nothing written under runs (a"
            + " temporary directory, removed).")
    private boolean dryRun;

    @Option(names = "--check", description = "Check the config and the hosts, run nothing: every value read as its"
            + " stage reads it, each host reached, the datasets there, the tools the pipelines start and the zfs"
            + " permissions the night needs (with the zfs allow line to run). Exit 0 ready, 1 something missing,"
            + " 2 a bad value.")
    private boolean check;

    @Option(names = "--now", paramLabel = "INSTANT", description = "The night's time (ISO-8601), default the wall clock.")
    private Instant now;

    NightCommand(CliEnvironment environment) {
        this.environment = environment;
    }

    @Override
    public Integer call() throws IOException {
        NightConfig read = CliErrors.input(() -> NightConfig.read(config));
        // every stage's values before anything runs: exit 2 then means nothing ran
        NightValues.check(read);
        Instant at = now == null ? Instant.now() : now;
        if (check) {
            return new NightProbe(environment, read).run();
        }
        Path runs = Path.of(read.value("runs", NightConfig.DEFAULT_RUNS));
        if (dryRun) {
            return dryRun(read, runs, at);
        }
        Files.createDirectories(runs);
        try (FileChannel lockFile = FileChannel.open(runs.resolve(".lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock lock = tryLock(lockFile)) {
            if (lock == null) {
                environment.err().println("night: another night holds " + runs.resolve(".lock") + ": nothing done");
                environment.err().flush();
                return Night.LOCKED;
            }
            long newest = newest(runs);
            Path previous = newestRecorded(runs, newest);
            Path dir = Files.createDirectory(runs.resolve(Long.toString(newest + 1)));
            return new Night(environment, read, dir, previous, at, false).run();
        }
    }

    /**
     * The dry run: no lock and nothing under runs (run as root, a lock file it made would be root's
     * and shut the packaged user's nights out); the stages' files go to a temporary directory that is
     * removed at the end.
     */
    private int dryRun(NightConfig read, Path runs, Instant at) throws IOException {
        long newest = Files.isDirectory(runs) ? newest(runs) : 0;
        Path previous = newestRecorded(runs, newest);
        Path dir = Files.createTempDirectory("zfsr-night-dry-run-");
        try {
            return new Night(environment, read, dir, previous, at, true).run();
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    /** The lock, or null when another process (or another night in this JVM) holds it. */
    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    /**
     * The newest run directory with its audit record, or null. A night that died (killed, the power
     * lost) left a directory without one: the chain links over it, and audit record names it
     * unfinished with what it left, instead of refusing it as the previous night for good.
     */
    static Path newestRecorded(Path runs, long newest) {
        for (long number = newest; number > 0; number--) {
            Path dir = runs.resolve(Long.toString(number));
            if (Files.isDirectory(dir) && io.jenkins.plugins.zfsreplication.audit.BuildDirectory.of(dir).root() != null) {
                return dir;
            }
        }
        return null;
    }

    /** The highest number a run directory under {@code runs} is named by, 0 when there is none. */
    static long newest(Path runs) throws IOException {
        try (Stream<Path> entries = Files.list(runs)) {
            return entries.filter(Files::isDirectory).map(p -> String.valueOf(p.getFileName()))
                    .filter(name -> name.matches("[1-9][0-9]{0,17}")).mapToLong(Long::parseLong).max().orElse(0);
        }
    }
}
