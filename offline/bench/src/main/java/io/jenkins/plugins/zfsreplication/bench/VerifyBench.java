package io.jenkins.plugins.zfsreplication.bench;

import io.jenkins.plugins.zfsreplication.posix.Advice;
import io.jenkins.plugins.zfsreplication.posix.NativeFile;
import io.jenkins.plugins.zfsreplication.posix.Posix;
import io.jenkins.plugins.zfsreplication.verify.HashAlgorithm;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.verify.SparseMode;
import io.jenkins.plugins.zfsreplication.verify.VerifyOptions;
import io.jenkins.plugins.zfsreplication.verify.VerifyResult;
import io.jenkins.plugins.zfsreplication.verify.Verifier;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The verify benchmark: builds a large sparse file (a set share of data in scattered extents that
 * are not aligned to chunks) and a dense file, then times in one run, on the same files: this
 * tool (in-process engine, 1 thread and all threads; and the CLI as a process for peak RSS),
 * {@code xxhsum -H1}, and a plain sequential read ({@code dd bs=1M}). Prints the ratios the issue
 * asks for. Usage: see bin/bench-verify.
 */
public final class VerifyBench {
    private static final double GIB = 1024.0 * 1024 * 1024;
    private static final int EXTENT = 4 << 20;

    private final Path dir;
    private final Path cliJar;
    private final List<String> checks = new ArrayList<>();

    private VerifyBench(Path dir, Path cliJar) {
        this.dir = dir;
        this.cliJar = cliJar;
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: VerifyBench DIR CLI_JAR [SPARSE_SIZE=64G] [SPARSE_DATA=4G] [DENSE_SIZE=8G]");
            System.exit(2);
        }
        Path dir = Paths.get(args[0]);
        Files.createDirectories(dir);
        long sparseSize = Sizes.parse(args.length > 2 ? args[2] : "64G");
        long sparseData = Sizes.parse(args.length > 3 ? args[3] : "4G");
        long denseSize = Sizes.parse(args.length > 4 ? args[4] : "8G");
        VerifyBench bench = new VerifyBench(dir, Paths.get(args[1]));
        List<String> cases = List.of(System.getenv().getOrDefault("ZFSR_BENCH_CASES", "sparse,dense,start,cli,tree,tiny")
                .split(","));
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf(Locale.ROOT, "cores: %d, chunk: 1 MiB, hash: xxh64, cases: %s, load average at start: %s%n%n",
                cores, String.join(",", cases), Files.readString(Paths.get("/proc/loadavg")).trim());
        if (cases.contains("sparse")) {
            Path sparse = dir.resolve("sparse.img");
            bench.makeSparse(sparse, sparseSize, sparseData);
            bench.measure("sparse", sparse, sparseData, cores, 2, 10.0, 0, () -> bench.dropAndWarmData(sparse, cores));
            bench.measureCold(sparse, sparseData, cores);
        }
        if (cases.contains("dense")) {
            Path dense = dir.resolve("dense.img");
            bench.makeDense(dense, denseSize);
            bench.timeProcess(List.of("xxhsum", "-H1", dense.toString())); // bring the dense file into the page cache
            bench.measure("dense", dense, denseSize, cores, 5, 0.9, 1.5, () -> { });
        }
        TreeBench trees = new TreeBench(dir, bench.cliJar, bench.checks, System.getenv("ZFSR_ZFS_CHECK"),
                System.getenv("ZFSR_BENCH_BEFORE"));
        if (cases.contains("start")) {
            String java25 = System.getenv().getOrDefault("ZFSR_BENCH_JAVA25", "/usr/lib/jvm/temurin-25-jdk-amd64");
            new StartBench(dir, bench.cliJar, bench.checks,
                    Integer.parseInt(System.getenv().getOrDefault("ZFSR_BENCH_START_RUNS", "10")),
                    java25.isEmpty() ? null : Paths.get(java25)).measure();
        }
        if (cases.contains("cli")) {
            Path dense = dir.resolve("dense-2g.img");
            bench.makeDense(dense, 2L << 30);
            trees.measureCliStart(dense);
        }
        if (cases.contains("tree")) {
            trees.measureTree(dir.resolve("tree-50k"), 50_000, 1024, 32 * 1024, 5, true);
        }
        if (cases.contains("tiny")) {
            trees.measureTree(dir.resolve("tree-1m-tiny"), 1_000_000, 0, 64, 1, false);
        }
        System.out.println();
        bench.checks.forEach(System.out::println);
        System.exit(bench.checks.stream().allMatch(c -> c.startsWith("PASS")) ? 0 : 1);
    }

    private void makeSparse(Path file, long size, long data) throws IOException {
        if (Files.exists(file) && Files.size(file) == size) {
            return;
        }
        long extents = data / EXTENT;
        long slot = size / extents;
        Random random = new Random(42);
        byte[] block = randomBlock(random);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (long i = 0; i < extents; i++) {
                long room = (slot - EXTENT) / 4096;
                long offset = i * slot + 4096 * (room > 0 ? Math.floorMod(random.nextLong(), room) : 0);
                writeExtent(channel, block, offset, EXTENT, i);
            }
            channel.truncate(size);
            if (channel.size() < size) {
                channel.write(ByteBuffer.wrap(new byte[1]), size - 1);
            }
            channel.force(true); // written back, so DONTNEED can drop the pages later
        }
    }

    void makeDense(Path file, long size) throws IOException {
        if (Files.exists(file) && Files.size(file) == size) {
            return;
        }
        byte[] block = randomBlock(new Random(43));
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (long offset = 0, i = 0; offset < size; offset += EXTENT, i++) {
                writeExtent(channel, block, offset, (int) Math.min(EXTENT, size - offset), i);
            }
            channel.force(true);
        }
    }

    private static byte[] randomBlock(Random random) {
        byte[] block = new byte[EXTENT];
        random.nextBytes(block);
        return block;
    }

    /** Writes the block with a counter stamped into every 4 KiB, so no two chunks are equal. */
    private static void writeExtent(FileChannel channel, byte[] block, long offset, int length, long counter)
            throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(block, 0, length);
        for (int at = 0; at + 8 <= length; at += 4096) {
            buffer.putLong(at, counter * 1_000_003 + at);
        }
        while (buffer.hasRemaining()) {
            channel.write(buffer, offset + buffer.position());
        }
    }

    /**
     * Times every tool on {@code file}, interleaved (xxhsum, dd, 1 thread, all threads, in turn,
     * {@code repeats} times; the best run of each counts) so that load from other processes hits
     * all alike. Before every timed run {@code prepare} runs untimed: for the sparse file it drops
     * the file from the page cache and reads its data extents back in, so every tool starts with the
     * data cached and the holes not (a hole is materialised as zero pages only by tools that read it).
     */
    private void measure(String name, Path file, long dataBytes, int cores, int repeats, double minOne, double minAll,
                         Runnable prepare) throws Exception {
        long size = Files.size(file);
        Timed xxhsum = null;
        Timed dd = null;
        Timed one = null;
        Timed all = null;
        for (int i = 0; i < repeats; i++) {
            prepare.run();
            xxhsum = better(xxhsum, timeProcess(List.of("xxhsum", "-H1", file.toString())));
            prepare.run();
            dd = better(dd, timeProcess(List.of("dd", "if=" + file, "of=/dev/null", "bs=1M")));
            prepare.run();
            one = better(one, engine(file, 1));
            prepare.run();
            all = better(all, engine(file, cores));
        }
        prepare.run();
        Timed cli = timeProcess(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                cliJar.toString(), "verify", "--no-progress", "-o", dir.resolve(name + ".manifest").toString(), file.toString()));
        System.out.printf(Locale.ROOT, "%s file: %.1f GiB, %.1f GiB data, best of %d%n", name, size / GIB, dataBytes / GIB, repeats);
        row("xxhsum -H1", xxhsum, size, dataBytes, xxhsum);
        row("dd bs=1M (plain read)", dd, size, dataBytes, xxhsum);
        row("verify, 1 thread", one, size, dataBytes, xxhsum);
        row("verify, " + cores + " threads", all, size, dataBytes, xxhsum);
        row("verify CLI process", cli, size, dataBytes, xxhsum);
        System.out.println();
        check(name + ": 1 thread vs xxhsum", xxhsum.seconds / one.seconds, minOne);
        check(name + ": " + cores + " threads vs xxhsum", xxhsum.seconds / all.seconds, minAll > 0 ? minAll : minOne);
        checks.add(String.format(Locale.ROOT, "%s %s: CLI peak RSS %d MiB (limit 256 MiB)",
                cli.maxRssKib < 256 * 1024 ? "PASS" : "FAIL", name, cli.maxRssKib / 1024));
    }

    /** For information: the sparse file with nothing cached, read from disk by xxhsum and by this tool. */
    private void measureCold(Path file, long dataBytes, int cores) {
        long size = fileSize(file);
        drop(file);
        Timed xxhsum = timeProcess(List.of("xxhsum", "-H1", file.toString()));
        drop(file);
        Timed all = engine(file, cores);
        System.out.printf(Locale.ROOT, "sparse file, nothing cached (data read from disk), one run each:%n");
        row("xxhsum -H1", xxhsum, size, dataBytes, xxhsum);
        row("verify, " + cores + " threads", all, size, dataBytes, xxhsum);
        System.out.println();
    }

    private static Timed better(Timed best, Timed candidate) {
        return best == null || candidate.seconds < best.seconds ? candidate : best;
    }

    private void check(String what, double ratio, double minimum) {
        checks.add(String.format(Locale.ROOT, "%s %s: %.2fx (target >= %.1fx)", ratio >= minimum ? "PASS" : "FAIL",
                what, ratio, minimum));
    }

    private static void row(String tool, Timed run, long size, long data, Timed xxhsum) {
        System.out.printf(Locale.ROOT, "  %-24s %7.2f s %7.2f GiB/s logical %6.2f GiB/s data %6.2fx xxhsum"
                + "  cpu %6.2f s (%.2fx xxhsum's)  %s%n", tool, run.seconds, size / GIB / run.seconds,
                data / GIB / run.seconds, xxhsum.seconds / run.seconds, run.cpuSeconds,
                run.cpuSeconds / Math.max(xxhsum.cpuSeconds, 1e-3),
                run.maxRssKib < 0 ? "(in-process)" : "peak RSS " + run.maxRssKib / 1024 + " MiB");
    }

    private Timed engine(Path file, int threads) {
        return engine(file, dir.resolve("engine.manifest"), threads, result -> {
            if (result.bytes() != fileSize(file)) {
                throw new IllegalStateException("verify covered " + result.bytes() + " bytes of " + file);
            }
        });
    }

    /** Times the engine in this process on {@code input}; {@code check} sees the result (e.g. to fail on a short run). */
    static Timed engine(Path input, Path manifest, int threads, java.util.function.Consumer<VerifyResult> check) {
        VerifyOptions options = new VerifyOptions(VerifyOptions.DEFAULT_BLOCK_SIZE, VerifyOptions.DEFAULT_COUNT,
                HashAlgorithm.XXH64, SparseMode.AUTO, threads);
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long cpu = os.getProcessCpuTime();
        long start = System.nanoTime();
        VerifyResult result = new Verifier(options, 1000, null).verify(input, manifest);
        double seconds = (System.nanoTime() - start) / 1e9;
        check.accept(result);
        return new Timed(seconds, (os.getProcessCpuTime() - cpu) / 1e9, -1);
    }

    /** Drops the file's pages (data and materialised holes) from the page cache. */
    private static void drop(Path file) {
        try (NativeFile open = Posix.get().openReadOnly(file)) {
            open.advise(0, 0, Advice.DONTNEED);
        }
    }

    /** Drops the file from the page cache, then reads its data extents (only) back in. */
    private void dropAndWarmData(Path file, int cores) {
        drop(file);
        engine(file, cores);
    }

    private static long fileSize(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Wall seconds, CPU seconds (user + system) and peak RSS of one run; RSS -1 for in-process runs. */
    record Timed(double seconds, double cpuSeconds, long maxRssKib) {
    }

    /** Runs under /usr/bin/time for the child's own elapsed time and peak RSS. */
    private Timed timeProcess(List<String> command) {
        return timeProcess(command, java.util.Map.of());
    }

    /** As above, with {@code environment} added to the child's. */
    static Timed timeProcess(List<String> command, java.util.Map<String, String> environment) {
        List<String> full = new ArrayList<>(List.of("/usr/bin/time", "-f", "ZFSRBENCH %e %M %U %S"));
        full.addAll(command);
        try {
            ProcessBuilder builder = new ProcessBuilder(full).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            builder.environment().putAll(environment);
            Process process = builder.start();
            String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                throw new IllegalStateException(command + " failed: " + err);
            }
            String line = err.lines().filter(l -> l.startsWith("ZFSRBENCH ")).findFirst().orElseThrow();
            String[] parts = line.split(" ");
            return new Timed(Double.parseDouble(parts[1]), Double.parseDouble(parts[3]) + Double.parseDouble(parts[4]),
                    Long.parseLong(parts[2]));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

}
