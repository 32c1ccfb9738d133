package io.jenkins.plugins.zfsreplication.bench;

import io.jenkins.plugins.zfsreplication.bench.VerifyBench.Timed;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * The verify benchmark's tree and start-up cases: a tree of many small files warm and cold, a tree
 * of a million empty and tiny files, against {@code find | xargs xxhsum -H1} and zfs-check; and the
 * command line's start on a tiny input and on a dense 2 GiB file in the page cache, through the
 * launcher and plain {@code java -jar}. Each tool runs in turn, {@code repeats} times (the median
 * counts), so load from other processes hits all alike.
 */
final class TreeBench {
    private static final double MIB = 1024.0 * 1024;
    private static final String ZFS_CHECK_MAIN =
            "import sys; from zfs_autobackup.ZfsCheck import cli; sys.argv[0] = 'zfs-check'; cli()";

    private final Path dir;
    private final Path cliJar;
    private final Path launcher;
    private final List<String> checks;
    /** A copy of zfs_autobackup's sources (the directory holding zfs_autobackup/), or null to leave zfs-check out. */
    private final String zfsCheck;
    /** An earlier build's command-line jar to time beside this one (java -jar), or null. */
    private final String before;

    TreeBench(Path dir, Path cliJar, List<String> checks, String zfsCheck, String before) {
        this.dir = dir;
        this.cliJar = cliJar;
        this.launcher = cliJar.resolveSibling("zfs-replication");
        this.checks = checks;
        this.zfsCheck = zfsCheck == null || zfsCheck.isEmpty() ? null : zfsCheck;
        this.before = before == null || before.isEmpty() ? null : before;
    }

    /** Builds (once) {@code files} files of {@code min..max} bytes, 500 (or 1000 when tiny) per directory. */
    private static long makeTree(Path root, int files, int min, int max) throws IOException {
        Path done = root.resolve(".complete");
        Random random = new Random(13);
        byte[] pool = new byte[64 << 20];
        random.nextBytes(pool);
        int perDirectory = max <= 64 ? 1000 : 500;
        long bytes = 0;
        boolean exists = Files.exists(done);
        for (int i = 0; i < files; i++) {
            int size = min + random.nextInt(max - min + 1);
            int offset = random.nextInt(pool.length - size);
            bytes += size;
            if (!exists) {
                Path directory = root.resolve(String.format(Locale.ROOT, "d%04d", i / perDirectory));
                if (i % perDirectory == 0) {
                    Files.createDirectories(directory);
                }
                Files.write(directory.resolve(String.format(Locale.ROOT, "f%07d.dat", i)),
                        Arrays.copyOfRange(pool, offset, offset + size));
            }
        }
        Files.deleteIfExists(done);
        Commands.sync();
        Files.createFile(done);
        return bytes;
    }

    void measureTree(Path root, int files, int min, int max, int repeats, boolean warmChecks) throws IOException {
        long bytes = makeTree(root, files, min, max);
        Files.deleteIfExists(root.resolve(".complete")); // not part of the tree the tools hash
        try {
            Map<String, Supplier<Timed>> tools = tools(root);
            String name = String.format(Locale.ROOT, "tree of %,d files of %d-%d bytes (%.1f MiB)", files, min, max,
                    bytes / MIB);
            Map<String, List<Timed>> warm = new LinkedHashMap<>();
            tools.values().forEach(Supplier::get); // every file in the page cache, every tool's first run done
            for (int i = 0; i < repeats; i++) {
                tools.forEach((tool, run) -> warm.computeIfAbsent(tool, t -> new ArrayList<>()).add(run.get()));
            }
            print(name + ", warm (page cache), median of " + repeats, warm);
            Timed xxhsum = median(warm.get("find | xargs xxhsum -H1"));
            if (warmChecks) {
                ratio("tree warm: engine 2 threads vs xxhsum", xxhsum, median(warm.get("verify engine, 2 threads")), 1.5);
                ratio("tree warm: CLI (launcher) vs xxhsum", xxhsum, median(warm.get("verify CLI (launcher)")), 1.2);
                if (zfsCheck != null) {
                    ratio("tree warm: CLI (launcher) vs zfs-check", median(warm.get("zfs-check (sha1)")),
                            median(warm.get("verify CLI (launcher)")), 3.0);
                }
            }
            Map<String, List<Timed>> cold = new LinkedHashMap<>();
            tools.forEach((tool, run) -> {
                if (!tool.startsWith("verify engine, 1")) {
                    dropCaches();
                    cold.computeIfAbsent(tool, t -> new ArrayList<>()).add(run.get());
                }
            });
            print(name + ", cold (caches dropped before each run), one run each", cold);
            long rss = median(warm.get("verify CLI (launcher)")).maxRssKib();
            checks.add(String.format(Locale.ROOT, "%s %s: CLI peak RSS %d MiB (limit 256 MiB)",
                    rss < 256 * 1024 ? "PASS" : "FAIL", name, rss / 1024));
        } finally {
            Files.createFile(root.resolve(".complete"));
        }
    }

    private Map<String, Supplier<Timed>> tools(Path root) {
        Map<String, Supplier<Timed>> tools = new LinkedHashMap<>();
        String find = "find '" + root + "' -type f -print0 | xargs -0 ";
        tools.put("find | xargs xxhsum -H1", () -> VerifyBench.timeProcess(
                List.of("sh", "-c", find + "xxhsum -H1 >/dev/null 2>&1"), Map.of()));
        tools.put("find | xargs -P2 xxhsum", () -> VerifyBench.timeProcess(
                List.of("sh", "-c", find + "-P2 -n 4000 xxhsum -H1 >/dev/null 2>&1"), Map.of()));
        if (zfsCheck != null) {
            tools.put("zfs-check (sha1)", () -> VerifyBench.timeProcess(
                    List.of("/usr/bin/python3", "-c", ZFS_CHECK_MAIN, root.toString()), Map.of("PYTHONPATH", zfsCheck)));
        }
        tools.put("verify engine, 1 thread", () -> engine(root, 1));
        tools.put("verify engine, 2 threads", () -> engine(root, 2));
        tools.put("verify CLI (launcher)", () -> VerifyBench.timeProcess(List.of(launcher.toString(), "verify",
                "--no-progress", "-o", dir.resolve("cli.manifest").toString(), root.toString()), Map.of()));
        tools.put("verify CLI (java -jar)", () -> VerifyBench.timeProcess(List.of(java(), "-jar", cliJar.toString(),
                "verify", "--no-progress", "-o", dir.resolve("cli.manifest").toString(), root.toString()), Map.of()));
        if (before != null) {
            tools.put("CLI before (java -jar)", () -> VerifyBench.timeProcess(List.of(java(), "-jar", before,
                    "verify", "--no-progress", "-o", dir.resolve("before.manifest").toString(), root.toString()), Map.of()));
        }
        return tools;
    }

    /** Start-up: a 6-byte file, then a dense 2 GiB file in the page cache, against xxhsum -H1. */
    void measureCliStart(Path dense) throws IOException {
        Path tiny = Files.writeString(dir.resolve("tiny.txt"), "hello\n");
        Map<String, List<Timed>> start = new LinkedHashMap<>();
        Map<String, List<Timed>> big = new LinkedHashMap<>();
        VerifyBench.timeProcess(List.of("xxhsum", "-H1", dense.toString()), Map.of()); // into the page cache
        for (int i = 0; i < 7; i++) {
            for (Path input : List.of(tiny, dense)) {
                Map<String, List<Timed>> into = input == tiny ? start : big;
                String manifest = dir.resolve("start.manifest").toString();
                add(into, "xxhsum -H1", VerifyBench.timeProcess(List.of("xxhsum", "-H1", input.toString()), Map.of()));
                add(into, "verify CLI (java -jar)", VerifyBench.timeProcess(List.of(java(), "-jar", cliJar.toString(),
                        "verify", "--no-progress", "-o", manifest, input.toString()), Map.of()));
                add(into, "verify CLI (launcher)", VerifyBench.timeProcess(List.of(launcher.toString(), "verify",
                        "--no-progress", "-o", manifest, input.toString()), Map.of()));
                if (before != null) {
                    add(into, "CLI before (java -jar)", VerifyBench.timeProcess(List.of(java(), "-jar", before,
                            "verify", "--no-progress", "-o", manifest, input.toString()), Map.of()));
                }
            }
        }
        print("CLI start: a 6-byte file, median of 7", start);
        print("CLI on a dense 2 GiB file in the page cache, median of 7", big);
        Timed xxhsum = median(big.get("xxhsum -H1"));
        ratio("dense 2 GiB: CLI (launcher) vs xxhsum", xxhsum, median(big.get("verify CLI (launcher)")), 1.0);
        ratio("dense 2 GiB: CLI (java -jar) vs xxhsum", xxhsum, median(big.get("verify CLI (java -jar)")), 0.9);
    }

    private static void add(Map<String, List<Timed>> into, String tool, Timed run) {
        into.computeIfAbsent(tool, t -> new ArrayList<>()).add(run);
    }

    private Timed engine(Path root, int threads) {
        return VerifyBench.engine(root, dir.resolve("engine.manifest"), threads, result -> {
            if (result.files().isEmpty()) {
                throw new IllegalStateException("verify found no files in " + root);
            }
        });
    }

    private static String java() {
        return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static void dropCaches() {
        Commands.sync();
        try {
            Files.writeString(Paths.get("/proc/sys/vm/drop_caches"), "3");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot drop the page cache (needs root)", e);
        }
    }

    static Timed median(List<Timed> runs) {
        List<Timed> sorted = new ArrayList<>(runs);
        sorted.sort((a, b) -> Double.compare(a.seconds(), b.seconds()));
        return sorted.get(sorted.size() / 2);
    }

    private void ratio(String what, Timed baseline, Timed ours, double minimum) {
        double ratio = baseline.seconds() / ours.seconds();
        checks.add(String.format(Locale.ROOT, "%s %s: %.2fx (target >= %.1fx)", ratio >= minimum ? "PASS" : "FAIL",
                what, ratio, minimum));
    }

    private static void print(String title, Map<String, List<Timed>> runs) {
        System.out.println(title + String.format(Locale.ROOT, " (load average %s)", loadAverage()));
        Timed first = median(runs.values().iterator().next());
        runs.forEach((tool, list) -> {
            Timed run = median(list);
            System.out.printf(Locale.ROOT, "  %-26s %7.3f s %6.2fx %-10s cpu %6.2f s  %s%n", tool, run.seconds(),
                    first.seconds() / run.seconds(), "the first", run.cpuSeconds(),
                    run.maxRssKib() < 0 ? "(in-process)" : "peak RSS " + run.maxRssKib() / 1024 + " MiB");
        });
        System.out.println();
    }

    private static String loadAverage() {
        try {
            String[] parts = Files.readString(Paths.get("/proc/loadavg")).split(" ");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException e) {
            return "?";
        }
    }

    /** Small process helpers. */
    private static final class Commands {
        static void sync() {
            VerifyBench.timeProcess(List.of("sync"), Map.of());
        }
    }
}
