package io.jenkins.plugins.zfsreplication.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.transfer.Preflight;
import io.jenkins.plugins.zfsreplication.transfer.StepGate;
import io.jenkins.plugins.zfsreplication.transfer.StreamCommands;
import io.jenkins.plugins.zfsreplication.transfer.TransferEngine;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;
import io.jenkins.plugins.zfsreplication.transfer.TransferSetup;
import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpTransport;
import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.zfs.Capabilities;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;

/**
 * bin/bench-tcp-tls: the engine's tcp transport with TLS (the default) against the same transport in
 * plaintext, side by side in one run over 127.0.0.1, with incompressible data (a random file of
 * the size, on a tmpfs when there is one) and a sink that only reads ({@code cat}). Runs alternate which
 * goes first; the median of each run's TLS / plaintext ratio decides. Also prints the CPU of all
 * processes per GiB for each (both ends share this machine's cores, so CPU is what TLS costs here).
 */
public final class TcpTlsBenchmark {
    private static final double TICKS = 100.0;
    /**
     * TLS throughput at least this share of plaintext's: the cipher alone (sealing and opening)
     * would allow about 0.7x on this machine, and socat's one record per turn of its loop costs
     * more on top (docs/benchmarks.md, "tcp with TLS").
     */
    static final double GOAL = 0.65;
    /** No buffer stage: it would add the same copy to both. */
    private static final TransferOptions OPTIONS = TransferOptions.defaults().withBuffer(0, 0)
            .withTimes(Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofSeconds(30));

    private TcpTlsBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        long bytes = args.length > 0 ? Sizes.parse(args[0]) : 2L << 30;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Path directory = Files.isDirectory(Path.of("/dev/shm")) ? Path.of("/dev/shm") : Path.of("/var/tmp");
        Path data = Files.createTempFile(directory, "bench-tls-", ".bin");
        try {
            // random bytes, so neither side could compress them; one process, as the engine meters a stage
            writeRandom(data, bytes);
            List<String> source = List.of("cat", data.toString());
            System.out.printf(Locale.ROOT, "bytes per transfer: %d (%.2f GiB, incompressible), runs: %d, load: %s%n",
                    bytes, bytes / (double) (1L << 30), runs, Files.readString(Path.of("/proc/loadavg")).strip());
            List<Double> ratios = new ArrayList<>();
            List<Double> tlsCpu = new ArrayList<>();
            List<Double> plainCpu = new ArrayList<>();
            for (int run = 1; run <= runs; run++) {
                boolean tlsFirst = run % 2 == 1;
                Result first = transfer(source, tlsFirst ? OPTIONS : OPTIONS.withTcpPlaintext(true));
                Result second = transfer(source, tlsFirst ? OPTIONS.withTcpPlaintext(true) : OPTIONS);
                Result tls = tlsFirst ? first : second;
                Result plain = tlsFirst ? second : first;
                double ratio = plain.seconds / tls.seconds;
                ratios.add(ratio);
                tlsCpu.add(tls.cpuSeconds / (bytes / (double) (1L << 30)));
                plainCpu.add(plain.cpuSeconds / (bytes / (double) (1L << 30)));
                System.out.printf(Locale.ROOT, "run %d: plaintext %7.0f MiB/s (%.2f s), TLS %7.0f MiB/s (%.2f s), ratio "
                        + "%.3f (goal >= " + GOAL + "x); CPU of all processes per GiB: plaintext %.2f s, TLS %.2f s%n", run,
                        rate(bytes, plain.seconds), plain.seconds, rate(bytes, tls.seconds), tls.seconds, ratio,
                        plain.cpuSeconds / (bytes / (double) (1L << 30)), tls.cpuSeconds / (bytes / (double) (1L << 30)));
            }
            double median = TransferBenchmark.median(ratios);
            System.out.printf(Locale.ROOT, "TLS / plaintext throughput: median of %d paired ratios %.3fx (goal >= %.2fx) "
                    + "%s; CPU per GiB (median) plaintext %.2f s, TLS %.2f s; load after: %s%n", runs, median, GOAL,
                    TransferBenchmark.rounded(ratios), TransferBenchmark.median(plainCpu),
                    TransferBenchmark.median(tlsCpu), Files.readString(Path.of("/proc/loadavg")).strip());
            System.out.printf(Locale.ROOT, median >= GOAL ? "PASS: TLS at %.3fx plaintext, goal >= %.2fx%n"
                    : "BELOW GOAL: TLS at %.3fx plaintext, goal >= %.2fx%n", median, GOAL);
        } finally {
            Files.deleteIfExists(data);
        }
    }

    private record Result(double seconds, double cpuSeconds) {
    }

    private static Result transfer(List<String> source, TransferOptions options) {
        DatasetName dataset = DatasetName.of("bench/synthetic");
        SendStep step = new SendStep(dataset, dataset, SendKind.FULL, null, new SnapshotRef("s", 1, 1, 1), null, false, -1);
        ReplicationPlan plan = new ReplicationPlan(Instant.now(), "bench", "bench",
                List.of(new DatasetPlan(dataset, dataset, DatasetAction.SEND, "bench", List.of(step))));
        Capabilities none = new Capabilities("bench", Set.of());
        TransferSetup setup = new TransferSetup(new TcpTransport("127.0.0.1", "127.0.0.1", 0),
                StreamCommands.fixed(source, List.of("cat")), ProcessSite.local(), ProcessSite.local(), none, none,
                Preflight.NONE, StepGate.KEEP_ALL);
        long before = allCpuTicks();
        TransferReport report = new TransferEngine(setup, options, line -> { }, Clock.systemUTC()).run(plan);
        long after = allCpuTicks();
        if (!report.succeeded()) {
            throw new IllegalStateException("benchmark transfer failed: " + report.firstError());
        }
        return new Result(report.steps().get(0).measured().seconds(), (after - before) / TICKS);
    }

    private static void writeRandom(Path file, long size) throws IOException {
        Random random = new Random(1);
        byte[] block = new byte[1 << 20];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (long written = 0; written < size; written += block.length) {
                random.nextBytes(block);
                out.write(block, 0, (int) Math.min(block.length, size - written));
            }
        }
    }

    private static double rate(long bytes, double seconds) {
        return bytes / seconds / (1 << 20);
    }

    /** This JVM's CPU and that of its reaped children (/proc/self/stat fields 14-17), in clock ticks. */
    private static long allCpuTicks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long sum = 0;
            for (int i = 11; i < 15; i++) {
                sum += Long.parseLong(fields[i]);
            }
            return sum;
        } catch (IOException e) {
            return 0;
        }
    }
}
