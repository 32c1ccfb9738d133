package io.jenkins.plugins.zfsreplication.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.transfer.process.ProcessSite;
import io.jenkins.plugins.zfsreplication.transfer.LocalTransport;
import io.jenkins.plugins.zfsreplication.transfer.Preflight;
import io.jenkins.plugins.zfsreplication.transfer.tcp.ReceiveServer;
import io.jenkins.plugins.zfsreplication.transfer.tcp.RemoteReceiverTransport;
import io.jenkins.plugins.zfsreplication.transfer.StepGate;
import io.jenkins.plugins.zfsreplication.transfer.StreamCommands;
import io.jenkins.plugins.zfsreplication.transfer.tcp.TcpTransport;
import io.jenkins.plugins.zfsreplication.transfer.TransferEngine;
import io.jenkins.plugins.zfsreplication.transfer.TransferOptions;
import io.jenkins.plugins.zfsreplication.transfer.TransferReport;
import io.jenkins.plugins.zfsreplication.transfer.TransferSetup;
import io.jenkins.plugins.zfsreplication.transfer.Transport;
import io.jenkins.plugins.zfsreplication.zfs.Capabilities;
import io.jenkins.plugins.zfsreplication.zfs.DatasetName;

/**
 * bin/bench-transfer: the engine's local and tcp transports, and tcp between two agents as
 * zfsSendRecv runs it (a {@link ReceiveServer} receiving, {@link RemoteReceiverTransport} under the
 * engine sending, both in this JVM over 127.0.0.1), against the bare baselines with the same
 * synthetic source and sink ({@code head -c N /dev/zero}, {@code cat > /dev/null}), so that the
 * pipeline, not zfs-fuse, is what is measured. Prints per run the throughput, the ratio to the
 * baseline (the median of each run's engine against the baseline measured next to it) and the JVM's CPU time while the data flowed (/proc/self/stat;
 * for the agents line both sides' JVM work, as two agents would spend it together).
 */
public final class TransferBenchmark {
    private static final double TICKS = 100.0; // USER_HZ: /proc/self/stat counts in 1/100 s on Linux

    private TransferBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        long bytes = args.length > 0 ? Sizes.parse(args[0]) : 4L << 30;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        List<String> source = List.of("head", "-c", Long.toString(bytes), "/dev/zero");
        List<String> sink = List.of("cat");
        System.out.printf(Locale.ROOT, "bytes per run: %d (%.2f GiB), runs: %d, best run counts%n", bytes,
                bytes / (double) (1L << 30), runs);
        double pipe = 0;
        double local = 0;
        double socat = 0;
        double tcp = 0;
        double agents = 0;
        double localCpu = 0;
        double tcpCpu = 0;
        double agentsCpu = 0;
        // this machine's throughput drifts by 2x from minute to minute: each run's engine is set against
        // the baseline measured next to it, in alternating order, and the median of those ratios decides
        List<Double> localRatios = new ArrayList<>();
        List<Double> tcpRatios = new ArrayList<>();
        List<Double> agentsRatios = new ArrayList<>();
        List<Double> localCost = new ArrayList<>();
        List<Double> tcpCost = new ArrayList<>();
        List<Double> agentsCost = new ArrayList<>();
        for (int run = 1; run <= runs; run++) {
            boolean engineFirst = run % 2 == 0;
            long[] cpu = new long[6];
            long mark = allCpuTicks();
            Result engineLocal = engineFirst ? engine(new LocalTransport(), source, sink) : null;
            mark = lap(cpu, 1, mark, engineFirst);
            double barePipe = report("baseline a | b", bytes, barePipe(bytes));
            mark = lap(cpu, 0, mark, true);
            engineLocal = engineLocal != null ? engineLocal : engine(new LocalTransport(), source, sink);
            mark = lap(cpu, 1, mark, !engineFirst);
            report("engine local", bytes, engineLocal.seconds);
            Result engineTcp = engineFirst ? engine(new TcpTransport("127.0.0.1", "127.0.0.1", 0), source, sink) : null;
            mark = lap(cpu, 3, mark, engineFirst);
            double bareSocat = report("baseline socat pair", bytes, bareSocat(bytes));
            mark = lap(cpu, 2, mark, true);
            engineTcp = engineTcp != null ? engineTcp : engine(new TcpTransport("127.0.0.1", "127.0.0.1", 0), source, sink);
            mark = lap(cpu, 3, mark, !engineFirst);
            report("engine tcp", bytes, engineTcp.seconds);
            Result engineAgents = acrossAgents(source, sink);
            lap(cpu, 4, mark, true);
            report("engine tcp (agents)", bytes, engineAgents.seconds);
            pipe = Math.max(pipe, barePipe);
            socat = Math.max(socat, bareSocat);
            local = Math.max(local, rate(bytes, engineLocal.seconds));
            tcp = Math.max(tcp, rate(bytes, engineTcp.seconds));
            agents = Math.max(agents, rate(bytes, engineAgents.seconds));
            localCpu = Math.max(localCpu, engineLocal.cpuSeconds);
            tcpCpu = Math.max(tcpCpu, engineTcp.cpuSeconds);
            agentsCpu = Math.max(agentsCpu, engineAgents.cpuSeconds);
            localRatios.add(rate(bytes, engineLocal.seconds) / barePipe);
            tcpRatios.add(rate(bytes, engineTcp.seconds) / bareSocat);
            agentsRatios.add(rate(bytes, engineAgents.seconds) / bareSocat);
            localCost.add((double) cpu[1] / cpu[0]);
            tcpCost.add((double) cpu[3] / cpu[2]);
            agentsCost.add((double) cpu[4] / cpu[2]);
        }
        System.out.printf(Locale.ROOT, "%nbest runs: local engine %.0f MiB/s vs pipe %.0f MiB/s, tcp engine %.0f MiB/s "
                + "and between agents %.0f MiB/s vs socat pair %.0f MiB/s%n", local, pipe, tcp, agents, socat);
        double localRatio = median(localRatios);
        double tcpRatio = median(tcpRatios);
        double agentsRatio = median(agentsRatios);
        System.out.printf(Locale.ROOT, "local: median of %d paired ratios %.3fx %s (JVM CPU while data flowed: at most "
                + "%.2f s per run)%n", runs, localRatio, rounded(localRatios), localCpu);
        System.out.printf(Locale.ROOT, "tcp:   median of %d paired ratios %.3fx %s (JVM CPU while data flowed: at most "
                + "%.2f s per run)%n", runs, tcpRatio, rounded(tcpRatios), tcpCpu);
        System.out.printf(Locale.ROOT, "tcp between agents (Jenkins): median of %d paired ratios %.3fx %s (JVM CPU of "
                + "both sides while data flowed: at most %.2f s per run)%n", runs, agentsRatio, rounded(agentsRatios),
                agentsCpu);
        System.out.printf(Locale.ROOT, "CPU of all processes and the JVM per run, engine / baseline (median): local %.3f "
                + "%s, tcp %.3f %s, between agents %.3f %s%n", median(localCost), rounded(localCost), median(tcpCost),
                rounded(tcpCost), median(agentsCost), rounded(agentsCost));
        boolean ok = localRatio >= 0.95 && tcpRatio >= 0.95 && agentsRatio >= 0.95;
        System.out.println(ok ? "PASS: all three at least 0.95x their baseline" : "FAIL: below 0.95x a baseline");
        System.exit(ok ? 0 : 1);
    }

    /** Adds the CPU ticks since {@code mark} to {@code cpu[slot]} when {@code counts}; returns the new mark. */
    private static long lap(long[] cpu, int slot, long mark, boolean counts) {
        long now = allCpuTicks();
        if (counts) {
            cpu[slot] += now - mark;
        }
        return now;
    }

    private static double rate(long bytes, double seconds) {
        return bytes / seconds / (1 << 20);
    }

    static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }

    static String rounded(List<Double> values) {
        return values.stream().map(v -> String.format(Locale.ROOT, "%.2f", v)).toList().toString();
    }

    private record Result(double seconds, double cpuSeconds) {
    }

    private static double report(String name, long bytes, double seconds) {
        double rate = bytes / seconds / (1 << 20);
        System.out.printf(Locale.ROOT, "%-22s %7.2f s  %8.0f MiB/s%n", name, seconds, rate);
        return rate;
    }

    /**
     * No buffer stage: the baselines have none either; sampling at the default 1 s; tcp in plaintext,
     * as the socat pair it is set against (TLS against plaintext: bin/bench-tcp-tls).
     */
    private static final TransferOptions OPTIONS = TransferOptions.defaults().withBuffer(0, 0)
            .withTimes(Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofSeconds(30)).withTcpPlaintext(true);

    private static Result engine(Transport transport, List<String> source, List<String> sink) {
        return engine(transport, source, sink, plan());
    }

    /** One step of one synthetic dataset. */
    private static ReplicationPlan plan() {
        DatasetName dataset = DatasetName.of("bench/synthetic");
        SendStep step = new SendStep(dataset, dataset, SendKind.FULL, null, new SnapshotRef("s", 1, 1, 1), null, false, -1);
        return new ReplicationPlan(Instant.now(), "bench", "bench",
                List.of(new DatasetPlan(dataset, dataset, DatasetAction.SEND, "bench", List.of(step))));
    }

    /**
     * zfsSendRecv's tcp between agents: the receiving side of the plan serves its lane, the sending
     * side runs the plan through it; the step's time is the sender's (to the receiving side's verdict).
     */
    private static Result acrossAgents(List<String> source, List<String> sink) throws Exception {
        Path work = Files.createTempDirectory("bench-agents-");
        ReplicationPlan plan = plan();
        ReceiveServer.Receiving receiving = new ReceiveServer.Receiving(ProcessSite.local(),
                StreamCommands.fixed(source, sink), Preflight.NONE, Set.of(), OPTIONS, work);
        ExecutorService receiver = Executors.newSingleThreadExecutor();
        try (ReceiveServer server = ReceiveServer.open(plan, receiving,
                new ReceiveServer.Addresses("127.0.0.1", "127.0.0.1", "127.0.0.1", 0))) {
            Future<ReceiveServer.Report> serving = receiver.submit(server::serve);
            Result result;
            try (RemoteReceiverTransport transport = RemoteReceiverTransport.connect(server.endpoints(), plan, OPTIONS)) {
                result = engine(transport, source, sink, plan);
            }
            ReceiveServer.Report report = serving.get(60, TimeUnit.SECONDS);
            if (!report.succeeded()) {
                throw new IllegalStateException("benchmark's receiving side failed: " + report.log());
            }
            return result;
        } finally {
            receiver.shutdownNow();
            try (var files = Files.walk(work)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            }
        }
    }

    private static Result engine(Transport transport, List<String> source, List<String> sink, ReplicationPlan plan) {
        Capabilities none = new Capabilities("bench", Set.of());
        TransferSetup setup = new TransferSetup(transport, StreamCommands.fixed(source, sink), ProcessSite.local(),
                ProcessSite.local(), none, none, Preflight.NONE, StepGate.KEEP_ALL);
        TransferEngine engine = new TransferEngine(setup, OPTIONS, line -> { }, Clock.systemUTC());
        long cpuBefore = jvmCpuTicks();
        TransferReport report = engine.run(plan);
        long cpuAfter = jvmCpuTicks();
        if (!report.succeeded()) {
            throw new IllegalStateException("benchmark run failed: " + report.firstError());
        }
        return new Result(report.steps().get(0).measured().seconds(), (cpuAfter - cpuBefore) / TICKS);
    }

    private static double barePipe(long bytes) throws IOException, InterruptedException {
        return timed(List.of("sh", "-c", "head -c \"$1\" /dev/zero | cat > /dev/null", "sh", Long.toString(bytes)));
    }

    private static double bareSocat(long bytes) throws IOException, InterruptedException {
        Path log = Files.createTempFile("bench-socat-", ".log");
        try {
            Process listener = new ProcessBuilder("sh", "-c",
                    "socat -u -b 131072 -d -d TCP-LISTEN:0,bind=127.0.0.1,reuseaddr STDOUT 2>\"$1\" | cat > /dev/null", "sh",
                    log.toString()).start();
            String port = awaitPort(log);
            double seconds = timed(List.of("sh", "-c", "head -c \"$1\" /dev/zero | socat -u -b 131072 STDIN TCP:127.0.0.1:\"$2\"",
                    "sh", Long.toString(bytes), port));
            listener.waitFor(60, TimeUnit.SECONDS);
            return seconds;
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static String awaitPort(Path log) throws IOException, InterruptedException {
        for (int i = 0; i < 200; i++) {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                int at = line.indexOf("listening on AF=2 127.0.0.1:");
                if (at >= 0) {
                    return line.substring(at + "listening on AF=2 127.0.0.1:".length()).strip();
                }
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("socat did not listen");
    }

    private static double timed(List<String> command) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process process = new ProcessBuilder(new ArrayList<>(command)).inheritIO().start();
        if (process.waitFor() != 0) {
            throw new IllegalStateException("baseline failed: " + command);
        }
        return (System.nanoTime() - start) / 1e9;
    }

    /** utime + stime of this JVM (all threads) in clock ticks, fields 14 and 15 of /proc/self/stat. */
    private static long jvmCpuTicks() {
        long[] fields = statFields();
        return fields[11] + fields[12];
    }

    /**
     * This JVM's CPU plus that of its reaped children (cutime, cstime: fields 16 and 17), in clock
     * ticks: what a whole run cost the machine, its processes included, whatever else ran meanwhile.
     */
    private static long allCpuTicks() {
        long[] fields = statFields();
        return fields[11] + fields[12] + fields[13] + fields[14];
    }

    private static long[] statFields() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"), StandardCharsets.US_ASCII);
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long[] numbers = new long[15];
            for (int i = 11; i < 15; i++) {
                numbers[i] = Long.parseLong(fields[i]);
            }
            return numbers;
        } catch (IOException e) {
            return new long[15];
        }
    }
}
