package io.jenkins.plugins.zfsreplication.cli;

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
 * The planning benchmark (bin/bench-plan; not a test): generates the listings zfs would print
 * for D datasets of S hourly snapshots each (source), and a target holding the older half, in
 * {@code zfs list -Hp} and {@code zfs get -Hp} form; then times parsing both listings, planning
 * and prune-before-send. Prints the numbers and the ratio of 10x the input to 1x.
 *
 * <p>Arguments: {@code [datasets] [snapshots per dataset]}, default 1000 1000.
 */
public final class PlanBenchmark {
    static final List<String> SOURCE_EXTRAS = List.of(Selection.PROPERTY, "userrefs", "origin");
    static final List<String> TARGET_EXTRAS = List.of("userrefs", "origin");
    static final Instant FIRST = Instant.parse("2026-01-01T00:00:00Z");
    static final String TARGET_RULES = "grid: 1x1d(keep=all) | 14x1d | 8x1w | 12x30d";
    static final String SOURCE_RULES = "thin: 24,1d1w,1w1m";

    private PlanBenchmark() {
    }

    public static void main(String[] args) {
        int datasets = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int snapshots = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
        System.out.printf("warming up the JIT on %d x %d%n", datasets / 10, snapshots);
        run(datasets / 10, snapshots, true, false);
        run(datasets / 10, snapshots, false, false);
        Result getForm = run(datasets, snapshots, false, true);
        Result listForm = run(datasets, snapshots, true, true);
        Result listTen = run(datasets * 10, snapshots, true, true);
        System.out.printf(Locale.ROOT, "%nratio 10x / 1x (list form): %.2f (limit 12)%n",
                (double) listTen.total().toNanos() / listForm.total().toNanos());
        System.out.printf(Locale.ROOT, "1x under 2 s: get form %s, list form %s%n",
                getForm.total().toMillis() < 2000 ? "yes" : "NO", listForm.total().toMillis() < 2000 ? "yes" : "NO");
        System.out.println("10x in get form is not run: its text (about 6 GB) is past the 2 GiB a Java String holds;"
                + " see docs/benchmarks.md");
    }

    /** CPU time of this process (all threads, the collector's included), for a machine shared with others. */
    private static long processCpuNanos() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
    }

    /** Time the collectors spent so far, all of them. */
    private static long gcMillis() {
        return java.lang.management.ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(java.lang.management.GarbageCollectorMXBean::getCollectionTime).sum();
    }

    /** Times of one size: parsing both listings, planning, pruning. */
    record Result(Duration parse, Duration plan, Duration prune, Duration cpu, Duration gc) {
        Duration total() {
            return parse.plus(plan).plus(prune);
        }
    }

    static Result run(int datasets, int snapshots, boolean listForm, boolean print) {
        String[] text = {ListingGenerator.source(datasets, snapshots, listForm),
            ListingGenerator.target(datasets, snapshots, listForm)};
        long characters = (long) text[0].length() + text[1].length();
        System.gc();
        long cpuStart = processCpuNanos();
        long gcStart = gcMillis();
        long start = System.nanoTime();
        Listing sourceListing = Zfs.parseListing("local", text[0], listForm, SOURCE_EXTRAS);
        Listing targetListing = Zfs.parseListing("backup-host", text[1], listForm, TARGET_EXTRAS);
        // as in a real run, zfs's output is garbage once parsed
        text[0] = null;
        text[1] = null;
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
        Result result = new Result(Duration.ofNanos(parsed - start), Duration.ofNanos(planned - parsed),
                Duration.ofNanos(done - planned), Duration.ofNanos(processCpuNanos() - cpuStart),
                Duration.ofMillis(gcMillis() - gcStart));
        if (print) {
            System.out.printf(Locale.ROOT, "%n%,d datasets x %,d snapshots, %s form (%,d characters of listing):%n",
                    datasets, snapshots, listForm ? "zfs list -Hp" : "zfs get -Hp", characters);
            System.out.printf(Locale.ROOT, "  parse %,6d ms  plan %,6d ms  prune %,6d ms  total %,6d ms"
                            + " (process CPU %,d ms, in garbage collection %,d ms, load average %.1f)%n",
                    result.parse().toMillis(), result.plan().toMillis(), result.prune().toMillis(),
                    result.total().toMillis(), result.cpu().toMillis(), result.gc().toMillis(),
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            System.out.printf(Locale.ROOT, "  %,d steps planned, %,d after prune-before-send (%,d snapshots not sent),"
                            + " %,d candidates judged%n", plan.steps().size(), pruned.plan().steps().size(),
                    pruned.report().snapshotsNotSent(), pruned.report().decisions().size());
        }
        return result;
    }
}
