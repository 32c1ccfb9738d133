package io.jenkins.plugins.zfsreplication.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher as built (offline/plugin/target/zfs-replication and the jar), installed into a
 * directory of its own as the package installs it: {@code --build-archive} makes the archive for
 * the Java it runs on (on Java 17, verify's own and the other commands'), and {@code --version} says which archive the JVM started from: the static
 * class-data archive on Java 17, the AOT cache on Java 25 (where one is installed here), none
 * before one is made, and none, with the reason, when the archive is not valid for the jar (the
 * installation moved). A verify's stdout carries the manifest alone on both, and on Java 17 it
 * loads no class from the jar: all come from the archive, and neither does a night's start.
 */
class LauncherPackageTest {
    /** A Java 25 to run the launcher with: ZFSR_JAVA25_HOME, else Temurin's Debian package's home. */
    private static final Path JAVA25 = Path.of(System.getenv().getOrDefault("ZFSR_JAVA25_HOME",
            "/usr/lib/jvm/temurin-25-jdk-amd64"));

    @TempDir
    Path dir;

    @Test
    void shouldUseAndNameTheArchiveOfTheJavaItRuns() throws Exception {
        assumeTrue(Boolean.getBoolean("zfsr.packaged"), "runs after the package phase (surefire's package-tests)");
        Path build = Path.of(System.getProperty("zfsr.build.dir"));
        Path installed = install(build, dir.resolve("lib"));
        Path java = Path.of(System.getProperty("java.home"));
        int feature = Runtime.version().feature();
        Path six = Files.writeString(dir.resolve("six"), "hello\n");

        assertThat(run(installed, java, "--version").stdout).endsWith("\nstart: none\n");
        Run made = run(installed, java, "--build-archive");
        assertThat(made.status).as(made.stderr).isZero();
        assertThat(installed.resolve("zfs-replication-cli.jsa")).isRegularFile();
        assertThat(installed.resolve("zfs-replication-cli-verify.jsa")).isRegularFile();
        assertThat(run(installed, java, "--version").stdout)
                .isEqualTo("zfs-replication " + Version.current() + "\nstart: class-data archive (Java " + feature + ")\n");
        // verify maps its own, smaller archive: the JVM relocates the whole archive at each start
        assertThat(Files.size(installed.resolve("zfs-replication-cli-verify.jsa")))
                .isLessThan(Files.size(installed.resolve("zfs-replication-cli.jsa")) * 2 / 3);
        assertThat(run(installed, java, "verify", "--version").stdout)
                .isEqualTo("zfs-replication " + Version.current() + "\nstart: class-data archive of verify (Java " + feature + ")\n");
        assertVerifies(installed, java, six);
        // every class a verify loads comes from the archive: none from the jar (picocli's interfaces
        // implemented by lambdas once kept 34 of its classes out of it)
        Path classes = dir.resolve("classes.log");
        Run logged = run(installed, java, Map.of("ZFSR_JAVA_OPTS", "-Xlog:class+load=info:file=" + classes),
                "verify", "--no-progress", six.toString());
        assertThat(logged.status).as(logged.stderr).isZero();
        List<String> loaded = Files.readAllLines(classes, StandardCharsets.UTF_8);
        assertThat(loaded.stream().filter(line -> line.contains("source: file:"))).as("classes loaded from the jar")
                .isEmpty();
        // nor made at run time, which no archive can hold: picocli's annotation proxies (a coded
        // model has none) and a call stub for libc (jnr-ffi's; jffi's invokers need none)
        assertThat(loaded.stream().filter(line -> line.contains("__dynamic_proxy__") || line.contains("$jnr$ffi$")
                || line.contains("__JVM_DefineClass__"))).as("classes generated at run time").isEmpty();

        // nor a night's: the stages' models, the engine and Jackson are archived too (the night refuses
        // its config here, after reading every stage's model for the keys, before anything runs)
        Path config = Files.writeString(dir.resolve("night.conf"), "source = tank/home\ntarget-root = backup/home\n"
                + "verify = sometimes\n");
        Path nightClasses = dir.resolve("night-classes.log");
        Run night = run(installed, java, Map.of("ZFSR_JAVA_OPTS", "-Xlog:class+load=info:file=" + nightClasses),
                "night", "--config", config.toString());
        assertThat(night.status).as(night.stderr).isEqualTo(2);
        assertThat(night.stderr).isEqualTo("error: " + config + ": verify = sometimes: one of copy, source, off\n");
        List<String> nightLoaded = Files.readAllLines(nightClasses, StandardCharsets.UTF_8);
        assertThat(nightLoaded).anyMatch(line -> line.contains("cli.PruneCommand source: shared objects file"));
        assertThat(nightLoaded.stream().filter(line -> line.contains("source: file:"))).as("a night's classes loaded from"
                + " the jar").isEmpty();

        // moved: the archive names the jar at its old path, so the JVM maps nothing
        Path moved = Files.move(installed, dir.resolve("moved"));
        assertThat(run(moved, java, "--version").stdout).endsWith("\nstart: none (zfs-replication-cli.jsa was not"
                + " made by this Java (" + feature + ") for this jar here: zfs-replication --build-archive makes it)\n");
        assertThat(run(moved, java, "verify", "--version").stdout).endsWith("\nstart: none (zfs-replication-cli-verify.jsa"
                + " was not made by this Java (" + feature + ") for this jar here: zfs-replication --build-archive makes it)\n");
        assertVerifies(moved, java, six);

        if (!Files.isExecutable(JAVA25.resolve("bin/java"))) {
            System.err.println("LauncherPackageTest: no Java 25 at " + JAVA25 + " (ZFSR_JAVA25_HOME): AOT cache not tried");
            return;
        }
        Path again = install(build, dir.resolve("again"));
        assertThat(run(again, JAVA25, "--version").stdout).endsWith("\nstart: none\n");
        Run cached = run(again, JAVA25, "--build-archive");
        assertThat(cached.status).as(cached.stderr).isZero();
        assertThat(again.resolve("zfs-replication-cli.aot")).isRegularFile();
        assertThat(again.resolve("zfs-replication-cli.jsa")).doesNotExist();
        assertThat(again.resolve("zfs-replication-cli-verify.jsa")).doesNotExist();
        assertThat(run(again, JAVA25, "--version").stdout).endsWith("\nstart: AOT cache (Java 25)\n");
        assertVerifies(again, JAVA25, six);
        // the Java 17 archive beside it is made and used on its own
        assertThat(run(again, java, "--build-archive").status).isZero();
        assertThat(run(again, java, "--version").stdout).endsWith("\nstart: class-data archive (Java " + feature + ")\n");
        assertThat(run(again, JAVA25, "--version").stdout).endsWith("\nstart: AOT cache (Java 25)\n");
    }

    /** The launcher and the jar in {@code to}, as the package lays them out. */
    private static Path install(Path build, Path to) throws IOException {
        Files.createDirectories(to);
        Files.copy(build.resolve("zfs-replication-cli.jar"), to.resolve("zfs-replication-cli.jar"));
        Files.copy(build.resolve("zfs-replication"), to.resolve("zfs-replication"));
        return to;
    }

    /** A verify's stdout is its manifest alone: no notice of the JVM about its archive. */
    private static void assertVerifies(Path installed, Path java, Path file) throws Exception {
        Run verify = run(installed, java, "verify", "--no-progress", file.toString());
        assertThat(verify.status).as(verify.stderr).isZero();
        assertThat(verify.stdout).startsWith("# zfs-replication checksum manifest\n")
                .endsWith("\n0\te4c191d091bd8853\n# end: 1 files, 1 chunks\n"); // xxhsum -H1 of "hello\n"
        assertThat(verify.stderr).startsWith("verified 1 file(s), 6 B").doesNotContain("WARNING");
    }

    /** What one run of the launcher printed and returned. */
    private record Run(int status, String stdout, String stderr) {
    }

    private static Run run(Path installed, Path javaHome, String... args) throws IOException, InterruptedException {
        return run(installed, javaHome, Map.of(), args);
    }

    private static Run run(Path installed, Path javaHome, Map<String, String> environment, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("/bin/sh", installed.resolve("zfs-replication").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("JAVA_HOME", javaHome.toString());
        builder.environment().remove("ZFSR_JAVA_OPTS");
        builder.environment().putAll(environment);
        Path out = Files.createTempFile(installed.getParent(), "out", ".txt");
        Path err = Files.createTempFile(installed.getParent(), "err", ".txt");
        Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(process.waitFor(180, TimeUnit.SECONDS)).as("%s finished", command).isTrue();
        return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
