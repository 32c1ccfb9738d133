package io.jenkins.plugins.zfsreplication.bench;

import io.jenkins.plugins.zfsreplication.bench.VerifyBench.Timed;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The command line's start: a verify of a 6-byte file, through the launcher and through plain
 * {@code java -jar}, on the Java running the benchmark (17: the launcher's static class-data
 * archive) and on a Java 25 (the launcher's AOT cache), side by side. The launcher and jar are
 * installed into DIR/start (as the package installs them) and each archive is made there with
 * {@code --build-archive}; the rows name the archive the JVM reported with {@code --version}. All
 * four run in turn, {@code runs} times, so load from other processes hits all alike; the best run
 * counts against the goals (launcher 0.12 s, java -jar 0.2 s), the median is printed beside it.
 * Wall time is measured here in nanoseconds (GNU time's 10 ms steps are too coarse for it).
 */
final class StartBench {
    static final double LAUNCHER_GOAL = 0.12;
    static final double JAR_GOAL = 0.2;

    private final Path dir;
    private final Path cliJar;
    private final List<String> checks;
    private final int runs;
    /** A Java 25 home, or null to time Java 17 alone. */
    private final Path java25;

    StartBench(Path dir, Path cliJar, List<String> checks, int runs, Path java25) {
        this.dir = dir;
        this.cliJar = cliJar;
        this.checks = checks;
        this.runs = runs;
        this.java25 = java25 != null && Files.isExecutable(java25.resolve("bin/java")) ? java25 : null;
    }

    void measure() throws IOException {
        Path tiny = Files.writeString(dir.resolve("tiny.txt"), "hello\n");
        Path installed = Files.createDirectories(dir.resolve("start"));
        Files.copy(cliJar, installed.resolve("zfs-replication-cli.jar"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(cliJar.resolveSibling("zfs-replication"), installed.resolve("zfs-replication"),
                StandardCopyOption.REPLACE_EXISTING);
        Path launcher = installed.resolve("zfs-replication");
        Path java17 = Paths.get(System.getProperty("java.home"));
        List<Path> homes = java25 == null ? List.of(java17) : List.of(java17, java25);
        Map<String, List<String>> commands = new LinkedHashMap<>();
        Map<String, Path> javaHomes = new LinkedHashMap<>();
        String manifest = dir.resolve("start.manifest").toString();
        for (Path home : homes) {
            run(List.of("/bin/sh", launcher.toString(), "--build-archive"), home);
            String feature = feature(home);
            String start = run(List.of("/bin/sh", launcher.toString(), "--version"), home).lines()
                    .filter(line -> line.startsWith("start: ")).findFirst().orElse("start: ?");
            String name = "launcher, Java " + feature + ", " + start;
            commands.put(name, List.of("/bin/sh", launcher.toString(), "verify", "--no-progress", "-o", manifest,
                    tiny.toString()));
            javaHomes.put(name, home);
        }
        for (Path home : homes) {
            String name = "java -jar, Java " + feature(home);
            commands.put(name, List.of(home.resolve("bin/java").toString(), "-jar",
                    installed.resolve("zfs-replication-cli.jar").toString(), "verify", "--no-progress", "-o", manifest,
                    tiny.toString()));
            javaHomes.put(name, home);
        }
        Map<String, List<Timed>> times = new LinkedHashMap<>();
        String loadBefore = loadAverage();
        for (int i = 0; i < runs; i++) {
            for (Map.Entry<String, List<String>> command : commands.entrySet()) {
                Map<String, String> environment = Map.of("JAVA_HOME", javaHomes.get(command.getKey()).toString());
                long began = System.nanoTime();
                Timed timed = VerifyBench.timeProcess(command.getValue(), environment);
                double wall = (System.nanoTime() - began) / 1e9;
                times.computeIfAbsent(command.getKey(), k -> new ArrayList<>())
                        .add(new Timed(wall, timed.cpuSeconds(), timed.maxRssKib()));
            }
        }
        System.out.printf(Locale.ROOT, "CLI start: verify of a 6-byte file, best of %d (load average %s before, %s"
                + " after)%n", runs, loadBefore, loadAverage());
        times.forEach((name, list) -> {
            double goal = name.startsWith("launcher") ? LAUNCHER_GOAL : JAR_GOAL;
            Timed best = list.stream().min((a, b) -> Double.compare(a.seconds(), b.seconds())).orElseThrow();
            Timed median = TreeBench.median(list);
            System.out.printf(Locale.ROOT, "  %-54s best %6.3f s  median %6.3f s  goal %5.2f s  %s  cpu %5.2f s"
                    + "  peak RSS %d MiB%n", name, best.seconds(), median.seconds(), goal,
                    best.seconds() <= goal ? "met " : "MISS", best.cpuSeconds(), best.maxRssKib() / 1024);
            checks.add(String.format(Locale.ROOT, "%s start, %s: best %.3f s (goal <= %.2f s)",
                    best.seconds() <= goal ? "PASS" : "FAIL", name, best.seconds(), goal));
        });
        System.out.println();
    }

    /** The feature release of the Java at {@code home}, from its release file. */
    private static String feature(Path home) throws IOException {
        for (String line : Files.readAllLines(home.resolve("release"), StandardCharsets.UTF_8)) {
            if (line.startsWith("JAVA_VERSION=\"")) {
                return line.substring("JAVA_VERSION=\"".length()).split("[^0-9]", 2)[0];
            }
        }
        throw new IllegalStateException("no JAVA_VERSION in " + home.resolve("release"));
    }

    /** Runs {@code command} with JAVA_HOME={@code home}; its stdout, or a failure with its output. */
    private static String run(List<String> command, Path home) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("JAVA_HOME", home.toString());
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (process.waitFor() != 0) {
                throw new IllegalStateException(command + " with JAVA_HOME=" + home + " failed: " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return out;
    }

    private static String loadAverage() {
        try {
            String[] parts = Files.readString(Paths.get("/proc/loadavg")).split(" ");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException e) {
            return "?";
        }
    }
}
