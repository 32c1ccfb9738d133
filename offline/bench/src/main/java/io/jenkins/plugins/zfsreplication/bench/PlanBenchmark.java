package io.jenkins.plugins.zfsreplication.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

import io.jenkins.plugins.zfsreplication.plan.PlanOptions;
import io.jenkins.plugins.zfsreplication.plan.Planner;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.Selection;
import io.jenkins.plugins.zfsreplication.plan.SnapshotNaming;
import io.jenkins.plugins.zfsreplication.prune.PruneBeforeSend;
import io.jenkins.plugins.zfsreplication.prune.PruneOptions;
import io.jenkins.plugins.zfsreplication.prune.RetentionPolicy;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;
import io.jenkins.plugins.zfsreplication.zfs.Listing;
import io.jenkins.plugins.zfsreplication.zfs.Zfs;

/**
 * The planning benchmark (bin/bench-plan; not a test): writes to files the listings zfs would
 * print for D datasets of S hourly snapshots each (source), and a target holding the older half,
 * in {@code zfs list -Hp} and {@code zfs get -Hp} form; then times reading and parsing both
 * listings from the files (as from zfs's pipe), planning and prune-before-send, for 1x and 10x the
 * datasets, and prints the ratios 10x / 1x of both forms and the heap the run needed.
 *
 * <p>Arguments: {@code [datasets] [snapshots per dataset] [directory for the listing files]},
 * default 1000 1000 and java.io.tmpdir.
 */
public final class PlanBenchmark {
    static final List<String> SOURCE_EXTRAS = List.of(Selection.PROPERTY, "userrefs", "origin");
    static final List<String> TARGET_EXTRAS = List.of("userrefs", "origin");
    static final Instant FIRST = Instant.parse("2026-01-01T00:00:00Z");
    static final String TARGET_RULES = "grid: 1x1d(keep=all) | 14x1d | 8x1w | 12x30d";
    static final String SOURCE_RULES = "thin: 24,1d1w,1w1m";
    private static final long MIB = 1 << 20;

    private PlanBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int datasets = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int snapshots = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        Path parent = Path.of(args.length > 2 ? args[2] : System.getProperty("java.io.tmpdir"));
        Path dir = Files.createTempDirectory(parent, "zfsr-bench-plan-");
        try {
            System.out.printf(Locale.ROOT, "cores %d, max heap %,d MiB, load average at start %.2f, files in %s%n",
                    Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() / MIB, load(), dir);
            System.out.printf("warming up the JIT on %d x %d (twice), then once on the full size%n", datasets / 10,
                    snapshots);
            for (int size : new int[] {datasets / 10, datasets / 10, datasets}) { // until the compiler is done
                new Run(dir, size, snapshots, false).time(false);
                new Run(dir, size, snapshots, true).time(false);
            }
            Result getOne = new Run(dir, datasets, snapshots, false).time(true);
            Result listOne = new Run(dir, datasets, snapshots, true).time(true);
            Result listTen = new Run(dir, datasets * 10, snapshots, true).time(true);
            Result getTen = new Run(dir, datasets * 10, snapshots, false).time(true);
            System.out.println();
            verdict("1x list form", listOne.total().toMillis(), 2000, "ms");
            verdict("1x get form", getOne.total().toMillis(), 2000, "ms");
            // CPU time does not depend on what else runs on the machine: the ratio of the work itself
            System.out.printf(Locale.ROOT, "ratio 10x / 1x list form: %.2f (process CPU: %.2f)%n", ratio(listTen, listOne),
                    (double) listTen.cpu().toNanos() / listOne.cpu().toNanos());
            System.out.printf(Locale.ROOT, "ratio 10x / 1x get form:  %.2f (process CPU: %.2f)%n", ratio(getTen, getOne),
                    (double) getTen.cpu().toNanos() / getOne.cpu().toNanos());
            verdict("10x / 1x list form (x100)", Math.round(100 * ratio(listTen, listOne)), 1200, "");
            verdict("10x / 1x get form (x100)", Math.round(100 * ratio(getTen, getOne)), 1200, "");
            System.out.printf(Locale.ROOT, "peak heap used in the whole run: %,d MiB (sum of the heap pools' peaks)%n",
                    peakHeap() / MIB);
        } finally {
            Files.deleteIfExists(dir);
        }
    }

    private static double ratio(Result ten, Result one) {
        return (double) ten.total().toNanos() / one.total().toNanos();
    }

    private static void verdict(String what, long value, long limit, String unit) {
        System.out.printf(Locale.ROOT, "%s %s: %,d%s (limit %,d%s)%n", value <= limit ? "PASS" : "FAIL", what, value,
                unit, limit, unit);
    }

    private static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** CPU time of this process (all threads, the collector's included), for a machine shared with others. */
    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
    }

    /** Time the collectors spent so far, all of them. */
    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(java.lang.management.GarbageCollectorMXBean::getCollectionTime).sum();
    }

    private static long peakHeap() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
                .mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    }

    /** Times of one size: reading and parsing both listings, planning, pruning. */
    record Result(Duration parse, Duration plan, Duration prune, Duration cpu) {
        Duration total() {
            return parse.plus(plan).plus(prune);
        }
    }

    /** One size and form: its listing files, written before the clock starts and deleted after. */
    private record Run(Path dir, int datasets, int snapshots, boolean listForm) {
        Result time(boolean print) throws IOException {
            Path source = dir.resolve("source.txt");
            Path target = dir.resolve("target.txt");
            try {
                try (OutputStream out = Files.newOutputStream(source)) {
                    ListingGenerator.source(datasets, snapshots, listForm, out);
                }
                try (OutputStream out = Files.newOutputStream(target)) {
                    ListingGenerator.target(datasets, snapshots, listForm, out);
                }
                // on disk before the clock starts: the kernel writing gigabytes back must not stall the reading
                for (Path file : List.of(source, target)) {
                    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                        channel.force(true);
                    }
                }
                return time(source, target, print);
            } finally {
                Files.deleteIfExists(source);
                Files.deleteIfExists(target);
            }
        }

        private Result time(Path sourceFile, Path targetFile, boolean print) throws IOException {
            long bytes = Files.size(sourceFile) + Files.size(targetFile);
            System.gc();
            ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
            long cpuStart = processCpuNanos();
            long gcStart = gcMillis();
            long start = System.nanoTime();
            Listing sourceListing = read("local", sourceFile, SOURCE_EXTRAS);
            Listing targetListing = read("backup-host", targetFile, TARGET_EXTRAS);
            long parsed = System.nanoTime();
            Instant now = FIRST.plus(Duration.ofHours(snapshots));
            PlanOptions options = new PlanOptions(Selection.of(List.of(DatasetName.of("tank/bench")), true),
                    DatasetName.of("backup/bench"), SnapshotNaming.of("zr"), false, false);
            ReplicationPlan plan = Planner.plan(sourceListing, targetListing, options, now);
            long planned = System.nanoTime();
            PruneOptions pruneOptions = new PruneOptions(RetentionPolicy.parse(TARGET_RULES),
                    RetentionPolicy.parse(SOURCE_RULES), SnapshotNaming.of("zr"), PruneOptions.NowMode.FIXED, now);
            PruneBeforeSend.Result pruned = PruneBeforeSend.apply(plan, sourceListing, targetListing, pruneOptions);
            long done = System.nanoTime();
            long cpu = processCpuNanos() - cpuStart;
            Result result = new Result(Duration.ofNanos(parsed - start), Duration.ofNanos(planned - parsed),
                    Duration.ofNanos(done - planned), Duration.ofNanos(cpu));
            long gc = gcMillis() - gcStart;
            long peak = peakHeap();
            System.gc();
            long live = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            if (print) {
                System.out.printf(Locale.ROOT, "%n%,d datasets x %,d snapshots, %s form (%,d bytes of listing, %,d objects):%n",
                        datasets, snapshots, listForm ? "zfs list -Hp" : "zfs get -Hp", bytes,
                        sourceListing.size() + targetListing.size());
                System.out.printf(Locale.ROOT, "  parse %,6d ms  plan %,6d ms  prune %,6d ms  total %,6d ms"
                                + " (process CPU %,d ms, in garbage collection %,d ms, load average %.2f)%n",
                        result.parse().toMillis(), result.plan().toMillis(), result.prune().toMillis(),
                        result.total().toMillis(), cpu / 1_000_000, gc, load());
                System.out.printf(Locale.ROOT, "  heap: peak %,d MiB (sum of pool peaks), %,d MiB live after it with both"
                        + " listings, the plans and the report%n", peak / MIB, live / MIB);
                System.out.printf(Locale.ROOT, "  %,d steps planned, %,d after prune-before-send (%,d snapshots not sent),"
                                + " %,d candidates judged%n", plan.steps().size(), pruned.plan().steps().size(),
                        pruned.report().notSent().snapshots(), pruned.report().decisions().size());
            }
            return result;
        }

        private Listing read(String host, Path file, List<String> extras) throws IOException {
            try (InputStream in = Files.newInputStream(file)) {
                return Zfs.parseListing(host, in, listForm, extras);
            }
        }
    }
}
