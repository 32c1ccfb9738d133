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

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;
import io.jenkins.plugins.zfsreplication.plan.SnapshotRef;
import io.jenkins.plugins.zfsreplication.transfer.Launcher;
import io.jenkins.plugins.zfsreplication.transfer.LocalTransport;
import io.jenkins.plugins.zfsreplication.transfer.Preflight;
import io.jenkins.plugins.zfsreplication.transfer.ReceiveServer;
import io.jenkins.plugins.zfsreplication.transfer.RemoteReceiverTransport;
import io.jenkins.plugins.zfsreplication.transfer.StepGate;
import io.jenkins.plugins.zfsreplication.transfer.StreamCommands;
import io.jenkins.plugins.zfsreplication.transfer.TcpTransport;
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
 * baseline (best of the runs each) and the JVM's CPU time while the data flowed (/proc/self/stat;
 * for the agents line both sides' JVM work, as two agents would spend it together).
 */
public final class TransferBenchmark {
    private static final double TICKS = 100.0; // USER_HZ: /proc/self/stat counts in 1/100 s on Linux

    private TransferBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        long bytes = args.length > 0 ? TransferOptions.parseSize(args[0]) : 4L << 30;
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
        for (int run = 1; run <= runs; run++) {
            pipe = Math.max(pipe, report("baseline a | b", bytes, barePipe(bytes)));
            Result engineLocal = engine(new LocalTransport(), source, sink);
            local = Math.max(local, report("engine local", bytes, engineLocal.seconds));
            localCpu = Math.max(localCpu, engineLocal.cpuSeconds);
            socat = Math.max(socat, report("baseline socat pair", bytes, bareSocat(bytes)));
            Result engineTcp = engine(new TcpTransport("127.0.0.1", "127.0.0.1", 0), source, sink);
            tcp = Math.max(tcp, report("engine tcp", bytes, engineTcp.seconds));
            tcpCpu = Math.max(tcpCpu, engineTcp.cpuSeconds);
            Result engineAgents = acrossAgents(source, sink);
            agents = Math.max(agents, report("engine tcp (agents)", bytes, engineAgents.seconds));
            agentsCpu = Math.max(agentsCpu, engineAgents.cpuSeconds);
        }
        System.out.printf(Locale.ROOT, "%nlocal: engine %.0f MiB/s vs pipe %.0f MiB/s = %.3fx (JVM CPU while data "
                + "flowed: at most %.2f s per run)%n", local, pipe, local / pipe, localCpu);
        System.out.printf(Locale.ROOT, "tcp:   engine %.0f MiB/s vs socat pair %.0f MiB/s = %.3fx (JVM CPU while data "
                + "flowed: at most %.2f s per run)%n", tcp, socat, tcp / socat, tcpCpu);
        System.out.printf(Locale.ROOT, "tcp between agents (Jenkins): engine %.0f MiB/s vs socat pair %.0f MiB/s = %.3fx "
                + "(JVM CPU of both sides while data flowed: at most %.2f s per run)%n", agents, socat, agents / socat,
                agentsCpu);
        boolean ok = local / pipe >= 0.95 && tcp / socat >= 0.95 && agents / socat >= 0.95;
        System.out.println(ok ? "PASS: all three at least 0.95x their baseline" : "FAIL: below 0.95x a baseline");
        System.exit(ok ? 0 : 1);
    }

    private record Result(double seconds, double cpuSeconds) {
    }

    private static double report(String name, long bytes, double seconds) {
        double rate = bytes / seconds / (1 << 20);
        System.out.printf(Locale.ROOT, "%-22s %7.2f s  %8.0f MiB/s%n", name, seconds, rate);
        return rate;
    }

    /** No buffer stage: the baselines have none either; sampling at the default 1 s. */
    private static final TransferOptions OPTIONS = TransferOptions.defaults().withBuffer(0, 0)
            .withTimes(Duration.ofSeconds(1), Duration.ofSeconds(30), Duration.ofSeconds(30));

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
        ReceiveServer.Receiving receiving = new ReceiveServer.Receiving(Launcher.local(),
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
        Capabilities none = new Capabilities("bench", "synthetic", Set.of());
        TransferSetup setup = new TransferSetup(transport, StreamCommands.fixed(source, sink), Launcher.local(),
                Launcher.local(), none, none, Preflight.NONE, StepGate.KEEP_ALL);
        TransferEngine engine = new TransferEngine(setup, OPTIONS, line -> { }, Clock.systemUTC());
        long cpuBefore = jvmCpuTicks();
        TransferReport report = engine.run(plan);
        long cpuAfter = jvmCpuTicks();
        if (!report.succeeded()) {
            throw new IllegalStateException("benchmark run failed: " + report.firstError());
        }
        return new Result(report.steps().get(0).seconds(), (cpuAfter - cpuBefore) / TICKS);
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
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"), StandardCharsets.US_ASCII);
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (IOException e) {
            return 0;
        }
    }
}
