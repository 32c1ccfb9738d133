package io.jenkins.plugins.zfsreplication.zfs;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The OpenZFS guest of {@code bin/openzfs-guest}, as the test JVM finds it in its environment
 * (bin/test exports what {@code bin/openzfs-guest start} prints):
 * <ul>
 * <li>{@code ZFSR_GUEST_SSH_CONFIG}, {@code ZFSR_GUEST_SSH_HOST}: an ssh client configuration and
 * the host name in it that reaches the guest's root (port, key, multiplexed connection);</li>
 * <li>{@code ZFSR_GUEST_SHARE}, {@code ZFSR_GUEST_SHARE_MOUNT}: a host directory (the repository)
 * and where the guest sees it (virtio-9p): the build output, so the CLI runs inside the guest;</li>
 * <li>{@code ZFSR_GUEST_POOL_DIR}: where pool image files go inside the guest.</li>
 * </ul>
 * Commands reach the guest's zfs through the engine's own {@link SshCommandRunner}, as the engine
 * reaches any remote host.
 */
public final class OpenZfsGuest {
    private static final Duration TIMEOUT = Duration.ofMinutes(2);
    private static final String MAIN = "io.jenkins.plugins.zfsreplication.cli.Main";
    /** Classpath entries the CLI never needs: the test classes and the test libraries. */
    private static final java.util.regex.Pattern TEST_ONLY = java.util.regex.Pattern.compile(
            "/test-classes$|/(org/junit|org/assertj|org/opentest4j|org/apiguardian|net/bytebuddy|com/tngtech|net/jqwik)/");
    /** The test classes directory: on the classpath of a test's own program run in the guest ({@link #java}). */
    private static final java.util.regex.Pattern TEST_CLASSES = java.util.regex.Pattern.compile("/test-classes$");

    private final CommandRunner runner;
    private final Path share;
    private final String shareMount;
    private final String poolDirectory;
    /** The guest's classpath for the CLI, prepared at the first use; and with the test classes. */
    private String classpath;
    private String testClasspath;

    OpenZfsGuest(CommandRunner runner, Path share, String shareMount, String poolDirectory) {
        this.runner = runner;
        this.share = share.toAbsolutePath().normalize();
        this.shareMount = shareMount;
        this.poolDirectory = poolDirectory;
    }

    /** The guest the environment names, or null when it names none (ZFSR_GUEST_SSH_CONFIG unset). */
    public static OpenZfsGuest fromEnvironment(Map<String, String> environment) {
        String config = environment.get("ZFSR_GUEST_SSH_CONFIG");
        if (config == null || config.isBlank()) {
            return null;
        }
        CommandRunner ssh = new SshCommandRunner(environment.getOrDefault("ZFSR_GUEST_SSH_HOST", "zfsr-guest"),
                List.of("-F", config), new ProcessCommandRunner());
        return new OpenZfsGuest(ssh, Paths.get(required(environment, "ZFSR_GUEST_SHARE")),
                environment.getOrDefault("ZFSR_GUEST_SHARE_MOUNT", "/host"),
                environment.getOrDefault("ZFSR_GUEST_POOL_DIR", "/zdata"));
    }

    private static String required(Map<String, String> environment, String name) {
        String value = environment.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException(name + " is not set (bin/openzfs-guest env prints it)");
        }
        return value;
    }

    /** Runs commands in the guest as root. */
    public CommandRunner runner() {
        return runner;
    }

    /** Runs a command in the guest and fails the test when it fails. */
    public CommandResult exec(String... command) {
        return runner.run(List.of(command), TIMEOUT).orThrow();
    }

    /** The directory inside the guest where pool image files go (an ext4 on the guest's data disk). */
    public String poolDirectory() {
        return poolDirectory;
    }

    /** Where the guest sees {@code hostPath}, which must be inside the share. */
    public String pathInGuest(Path hostPath) {
        Path path = hostPath.toAbsolutePath().normalize();
        if (!path.startsWith(share)) {
            throw new IllegalArgumentException(path + " is not inside the guest's share " + share);
        }
        return shareMount + "/" + share.relativize(path);
    }

    /** A directory of this host the guest sees: below the build directory, so inside the share. */
    public Path scratchDirectory() {
        Path scratch = PoolTestBed.buildDirectory().resolve("guest-scratch");
        try {
            return Files.createDirectories(scratch);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code data} to {@code guestPath} inside the guest, through the share. */
    public void write(String guestPath, byte[] data) {
        Path file = scratchDirectory().resolve(UUID.randomUUID() + ".bin");
        try {
            Files.write(file, data);
            exec("cp", pathInGuest(file), guestPath);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            file.toFile().delete();
        }
    }

    /**
     * The argument vector that runs the project's CLI inside the guest, on this test JVM's own
     * classpath less what only tests use, as jars on the guest's own disk ({@link GuestClasspath}).
     */
    public synchronized List<String> cliCommand(String... arguments) {
        if (classpath == null) {
            classpath = GuestClasspath.prepare(this, false); // packs and hashes the build output: once per guest here
        }
        // under TCG the JVM's start is most of a short command's time: the quick compiler only, one GC thread
        List<String> command = new ArrayList<>(List.of("java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto",
                "-cp", classpath, MAIN));
        command.addAll(List.of(arguments));
        return command;
    }

    /**
     * Runs {@code mainClass}, a program of the tests (it may use the engine and the test classes, not
     * the test libraries), inside the guest in one JVM: a scenario of many steps there pays the JVM's
     * start, a minute under emulation on a busy host, once instead of at each step.
     */
    public CommandResult java(Duration timeout, String mainClass, String... arguments) {
        String path;
        synchronized (this) {
            if (testClasspath == null) {
                testClasspath = GuestClasspath.prepare(this, true);
            }
            path = testClasspath;
        }
        // vfork: under emulation posix_spawn's helper process cost about twice as much per command started
        List<String> command = new ArrayList<>(List.of("java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Xshare:auto", "-Djdk.lang.Process.launchMechanism=VFORK",
                "-Dcoverage.trace=" + Boolean.getBoolean("coverage.trace"), "-cp", path, mainClass));
        command.addAll(List.of(arguments));
        return runner.run(command, timeout);
    }

    /** Runs the CLI inside the guest (see {@link #cliCommand}); the result, whatever its exit status. */
    public CommandResult cli(Duration timeout, String... arguments) {
        return runner.run(cliCommand(arguments), timeout);
    }

    /** This test JVM's classpath entries the CLI needs, as host paths (directories and jars). */
    static List<Path> cliClasspath() {
        return cliClasspath(false);
    }

    /** The same, with the test classes when {@code tests} (never the test libraries). */
    static List<Path> cliClasspath(boolean tests) {
        List<Path> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Paths.get(entry).toAbsolutePath().normalize();
            String text = path.toString();
            if (Files.exists(path) && (!TEST_ONLY.matcher(text).find() || tests && TEST_CLASSES.matcher(text).find())) {
                entries.add(path);
            }
        }
        return entries;
    }
}
