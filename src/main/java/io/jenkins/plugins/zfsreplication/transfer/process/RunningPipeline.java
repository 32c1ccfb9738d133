package io.jenkins.plugins.zfsreplication.transfer.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.jenkins.plugins.zfsreplication.zfs.PermissionHint;

/**
 * The processes of one step, in stream order, across both hosts' sides. It never touches the data:
 * it samples the stages' /proc counters, watches their exits and ends them all together.
 */
public final class RunningPipeline {
    /** One process of the pipeline; its stderr goes to a file, read only when it failed. */
    public record Stage(String role, List<String> argv, Process process, Path stderr) {
        public Stage {
            argv = List.copyOf(argv);
        }
    }

    private final List<Stage> stages = new ArrayList<>();
    private final List<ProcIo> lastIo = new ArrayList<>();
    /** Guards {@link #endCount} and {@link #endsSeen}: the ends so far, and those a wait has returned for. */
    private final Object ends = new Object();
    private long endCount;
    private long endsSeen;
    /** The receiving side on another host, or null: its verdict comes back over a control connection. */
    private java.util.concurrent.CompletableFuture<String> remote;
    public RunningPipeline() {
    }

    public synchronized void add(Stage stage) {
        stages.add(stage);
        lastIo.add(ProcIo.NONE);
        stage.process().onExit().thenRun(this::ended);
    }

    public synchronized List<Stage> stages() {
        return List.copyOf(stages);
    }

    /** The pids of every stage and of their children (ssh, a prefix's children), for orphan checks. */
    public synchronized List<Long> pids() {
        List<Long> pids = new ArrayList<>();
        for (Stage stage : stages) {
            pids.add(stage.process().pid());
            stage.process().descendants().forEach(child -> pids.add(child.pid()));
        }
        return pids;
    }

    /**
     * The stream's bytes so far: what the source wrote or, where the source counts only part
     * (zfs-fuse's zfs hands its pipe to the daemon, which writes most of the stream), what the
     * next stage carried, whichever is more. Final once the stages have ended.
     */
    public synchronized long bytes() {
        for (int i = 0; i < stages.size(); i++) {
            ProcIo io = stageIo(stages.get(i));
            if (io.rchar() >= lastIo.get(i).rchar() && io.wchar() >= lastIo.get(i).wchar()) {
                lastIo.set(i, io);
            }
        }
        if (stages.isEmpty()) {
            return 0;
        }
        long source = lastIo.get(0).wchar();
        return stages.size() == 1 ? source : Math.max(source, passedOn(stages.get(1), lastIo.get(1)));
    }

    /**
     * What the stage after the source carried of the stream. Pass-through stages write the stream
     * (mbuffer also writes a few single bytes to its own wake-up pipe, counted here minus one); others
     * (compressor, ssh, zfs recv) are counted by what they read, which includes a few KiB of their
     * own start-up reads.
     */
    private static long passedOn(Stage stage, ProcIo io) {
        if ("mbuffer".equals(stage.role())) {
            return Math.max(0, io.wchar() - 1);
        }
        return stage.role().startsWith("socat") ? io.wchar() : io.rchar();
    }

    /** A live stage's counters (its metering shell's plus the command's), or the final ones the shell wrote. */
    private static ProcIo stageIo(Stage stage) {
        if (stage.process().isAlive()) {
            ProcIo shell = ProcIo.read(stage.process().pid());
            return stage.process().children().map(child -> ProcIo.read(child.pid()))
                    .reduce(shell, (a, b) -> new ProcIo(a.rchar() + b.rchar(), a.wchar() + b.wchar()));
        }
        return ProcIo.lastIn(stage.stderr());
    }

    /**
     * The receiving side runs on another host ({@code transfer.tcp.RemoteReceiverTransport}): the step has ended
     * only when its verdict has come: "" for received, else why it failed there.
     */
    public synchronized void expectRemote(java.util.concurrent.CompletableFuture<String> verdict) {
        this.remote = verdict;
        verdict.whenComplete((said, failure) -> ended());
    }

    /** True when every stage has ended (and the remote receiving side has given its verdict). */
    public synchronized boolean finished() {
        return stages.stream().noneMatch(stage -> stage.process().isAlive()) && (remote == null || remote.isDone());
    }

    /** A stage ended, or the remote verdict came: wakes {@link #awaitChange}. */
    private void ended() {
        synchronized (ends) {
            endCount++;
            ends.notifyAll();
        }
    }

    /**
     * Waits until a stage ends or the remote side gives its verdict, at most {@code millis}: a step
     * is seen to end when it ends, not at the next tick of a poll (on a night of many small
     * datasets, a poll's half tick per step adds up to seconds). An end since the last call returns
     * at once. Each stage's exit is watched once, when it is added: nothing piles up per call on a
     * transfer that runs for hours.
     */
    public void awaitChange(long millis) throws InterruptedException {
        synchronized (ends) {
            if (endCount == endsSeen) {
                ends.wait(millis);
            }
            endsSeen = endCount;
        }
    }

    /**
     * How long the last stage (zfs recv, or what runs it) may take to end by itself once a stage
     * before it failed: the end of the stream reaches it (a cut send leaves zfs recv an end of file),
     * and a zfs recv that ends by itself has finished with the target (zfs-fuse's daemon too) and
     * says why. Ended at once, it is killed while its target is still being written. No other stage
     * writes the target: the wait is for the last one alone, and then every stage still running is ended.
     */
    static final long FAILED_GRACE_MILLIS = 2000;

    /** After a stage failed: ends every stage, the last one only if it did not end within the grace. */
    public void endAfterAFailure() throws InterruptedException {
        try {
            Process last;
            synchronized (this) {
                last = stages.isEmpty() ? null : stages.get(stages.size() - 1).process();
            }
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(FAILED_GRACE_MILLIS);
            while (last != null && last.isAlive()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                awaitChange(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
        } finally {
            destroy();
        }
    }

    /** Why the remote receiving side failed, or null (none, or no verdict yet). */
    synchronized String remoteFailure() {
        if (remote == null || !remote.isDone()) {
            return null;
        }
        String verdict = remote.getNow("");
        return verdict.isEmpty() ? null : verdict;
    }

    /** A stage ended with a non-zero status, or the remote receiving side failed. */
    public synchronized boolean failed() {
        return !failedStages().isEmpty() || remoteFailure() != null;
    }

    /** The stages that ended with a non-zero status, in stream order. */
    public synchronized List<Stage> failedStages() {
        return stages.stream().filter(stage -> !stage.process().isAlive() && stage.process().exitValue() != 0).toList();
    }

    /**
     * The last stage (zfs recv, or ssh running it) alone failed, with status 1 and nothing but
     * zfs's "cannot mount" lines: the stream was received, only mounting it was refused.
     */
    public synchronized boolean onlyTheMountFailed() {
        List<Stage> failed = failedStages();
        if (remoteFailure() != null || failed.size() != 1 || failed.get(0) != stages.get(stages.size() - 1)
                || failed.get(0).process().exitValue() != 1) {
            return false;
        }
        List<String> said = said(failed.get(0));
        return !said.isEmpty() && said.stream().allMatch(line -> line.startsWith("cannot mount '"));
    }

    /** "zfs recv exited 1: cannot receive ...; zfs send killed by signal 9" for the failed stages. */
    public String failureText() {
        List<String> parts = new ArrayList<>();
        String remoteFailure = remoteFailure();
        if (remoteFailure != null) {
            parts.add("the receiving side: " + remoteFailure);
        }
        for (Stage stage : failedStages()) {
            parts.add(describeFailure(stage));
        }
        // socat ends with status 0 when the connection goes silent (-T) or the peer closes it
        stages.stream().filter(stage -> stage.role().startsWith("socat") && !stage.process().isAlive()
                        && stage.process().exitValue() == 0)
                .forEach(stage -> parts.add(stage.role() + " ended while the stream was incomplete: the connection "
                        + "went silent for the silence timeout (link down, peer stalled) or was closed"));
        return String.join("; ", parts);
    }

    /**
     * The live processes and what each waits on in the kernel ({@code /proc/<pid>/wchan}, e.g.
     * pipe_read, pipe_write, fifo_open, wb_wait_for_completion) and its state (D: uninterruptible):
     * "zfs recv pid 123 S pipe_read (zfs recv tank/x)". What a stalled step reports.
     */
    public synchronized String waitingText() {
        List<String> parts = new ArrayList<>();
        for (Stage stage : stages) {
            if (!stage.process().isAlive()) {
                continue;
            }
            List<ProcessHandle> processes = new ArrayList<>(List.of(stage.process().toHandle()));
            stage.process().descendants().forEach(processes::add);
            for (ProcessHandle process : processes) {
                parts.add(stage.role() + " pid " + process.pid() + " " + kernelWait(process.pid()) + " ("
                        + process.info().commandLine().orElse("?").strip() + ")");
            }
        }
        return parts.isEmpty() ? "nothing (every process had ended)" : String.join("; ", parts);
    }

    private static String kernelWait(long pid) {
        Path proc = Path.of("/proc", Long.toString(pid));
        try {
            String stat = Files.readString(proc.resolve("stat"), StandardCharsets.US_ASCII);
            String state = stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
            return state + " " + Files.readString(proc.resolve("wchan"), StandardCharsets.US_ASCII).strip();
        } catch (IOException | RuntimeException e) {
            return "gone";
        }
    }

    /** "socat listen exited 1: E bind(...): Address already in use". */
    public static String describeFailure(Stage stage) {
        String how;
        if (stage.process().isAlive()) {
            how = "is still running";
        } else {
            int status = stage.process().exitValue();
            // the meter shell reports a signal N as 128 + N; Linux has 64 signals, so 193-255 (ssh's
            // 255 among them) are exit statuses
            how = status > 128 && status <= 128 + 64 ? "killed by signal " + (status - 128) : "exited " + status;
        }
        String said = lastLines(stage.stderr());
        return stage.role() + " " + how + (said.isEmpty() ? "" : ": " + said) + permissionHint(stage.argv(), said)
                + tlsHint(said);
    }

    /** What OpenSSL's verify failure means for a connection that trusts one pinned certificate only. */
    private static String tlsHint(String said) {
        return said.contains("certificate verify failed") ? ". The peer did not present the pinned certificate: it is "
                + "not the receiver of this run (or the certificate given to the sender is not the receiver's); "
                + "nothing was sent" : "";
    }

    /** The zfs allow advice when a local zfs stage was refused for lack of a delegated permission. */
    private static String permissionHint(List<String> argv, String said) {
        int zfs = argv.indexOf("zfs");
        if (zfs < 0) {
            return "";
        }
        return PermissionHint.forFailure(argv.subList(zfs, argv.size()), said, System.getProperty("user.name"))
                .map(hint -> ". " + hint).orElse("");
    }

    /**
     * Ends every stage: first the commands (SIGTERM), so that each metering shell reaps its command
     * and exits by itself (no zombie is left to init); then, after a grace period, the shells and
     * anything still alive by force. Returns when every process is gone.
     */
    public synchronized void destroy() {
        for (Stage stage : stages) {
            stage.process().descendants().forEach(ProcessHandle::destroy);
        }
        for (Stage stage : stages) {
            try {
                if (!stage.process().waitFor(3, TimeUnit.SECONDS)) {
                    stage.process().descendants().forEach(ProcessHandle::destroyForcibly);
                    stage.process().destroy();
                    if (!stage.process().waitFor(2, TimeUnit.SECONDS)) {
                        stage.process().destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                    }
                }
            } catch (InterruptedException e) {
                stage.process().descendants().forEach(ProcessHandle::destroyForcibly);
                stage.process().destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private static String lastLines(Path file) {
        List<String> lines = said(file);
        return String.join(" / ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
    }

    /** What a stage wrote to stderr, line by line: without blank lines, socat's notices, the meter's counters. */
    public static List<String> said(Stage stage) {
        return said(stage.stderr());
    }

    private static List<String> said(Path file) {
        if (file == null) {
            return List.of();
        }
        try {
            // socat's notices (-d -d) tell the port and the peer; only its errors explain a failure
            return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                    .map(String::strip).filter(line -> !line.isEmpty())
                    .filter(line -> !line.matches(".*socat\\[\\d+\\] [NID] .*"))
                    .filter(line -> !ProcIo.isCounterLine(line)).toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
