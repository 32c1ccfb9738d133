package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.transfer.process.RunningPipeline;
import io.jenkins.plugins.zfsreplication.transfer.process.StageCommand;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferCancelledException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;

import io.jenkins.plugins.zfsreplication.plan.SendStep;

/** Runs one step: checks it, starts its pipeline, watches it to the end, ends it on cancel. */
public final class StepTransfer {
    private static final long POLL_MILLIS = 25;
    /** The least time without progress that counts as a stall; see {@link #stallNanos}. */
    static final java.time.Duration STALL_FLOOR = java.time.Duration.ofMinutes(2);

    private final TransferSetup setup;
    private final TransferOptions options;
    /** The run's options for the dataset, then this step's (a chain keeps its send flags). */
    private volatile Set<SendOption> used;
    private final Clock clock;
    private final Consumer<String> log;
    private final Consumer<String> warnings;
    private volatile RunningPipeline pipeline;
    private volatile boolean cancelled;
    private String stall;
    private volatile boolean ended;
    private volatile long estimate = -1;

    StepTransfer(TransferSetup setup, TransferOptions options, Set<SendOption> used, Clock clock, Consumer<String> log) {
        this(setup, options, used, clock, log, log);
    }

    /** @param warnings where the run's once-only warnings go (the engine logs each once a run) */
    StepTransfer(TransferSetup setup, TransferOptions options, Set<SendOption> used, Clock clock, Consumer<String> log,
                 Consumer<String> warnings) {
        this.warnings = warnings;
        this.setup = setup;
        this.options = options;
        this.used = used;
        this.clock = clock;
        this.log = log;
    }

    /** The bytes of the running step so far; 0 before it starts. */
    long bytes() {
        RunningPipeline running = pipeline;
        return running == null ? 0 : running.bytes();
    }

    /** The step as measured so far, from {@code started} and {@code t0} (its System.nanoTime()). */
    private StepResult.Measured measured(Instant started, long t0) {
        return new StepResult.Measured(started, (System.nanoTime() - t0) / 1e9, bytes());
    }

    /**
     * The running step's estimated bytes: the plan's, until the checks made it a resumed step,
     * which sends only the rest (its own estimate); -1 when unknown.
     */
    long estimate() {
        return estimate;
    }

    boolean streaming() {
        return pipeline != null && !ended;
    }

    void cancel() {
        cancelled = true;
        RunningPipeline running = pipeline;
        if (running != null) {
            running.destroy();
        }
    }

    StepResult run(SendStep planned) {
        Instant started = clock.instant();
        long t0 = System.nanoTime();
        List<String> flags = used.stream().map(SendOption::optionName).toList();
        SendStep step = planned;
        estimate = planned.estimatedBytes();
        Path workDir = null;
        // what the checks did to the target goes to the log and into the step's record
        List<String> checks = new java.util.concurrent.CopyOnWriteArrayList<>();
        Consumer<String> checkLog = line -> {
            log.accept(line);
            checks.add(line);
        };
        try {
            used = setup.preflight().chainOptions(planned, used, checkLog);
            flags = used.stream().map(SendOption::optionName).toList();
            step = setup.preflight().check(planned, used, checkLog);
            estimate = step.estimatedBytes();
            workDir = Files.createTempDirectory("zfsr-step-");
            pipeline = setup.transport().start(spec(step, workDir));
            log.accept(String.format("%s: started %s", label(step), describe(pipeline)));
            StepOutcome outcome = watch(pipeline);
            if (outcome == StepOutcome.FAILED && stall == null && pipeline.onlyTheMountFailed()
                    && setup.preflight().receivedUnmounted(step, used, options, checkLog)) {
                outcome = StepOutcome.OK;
            }
            ended = true; // what follows (settling the target) streams nothing: no more progress lines
            unbuffered(pipeline).ifPresent(warnings);
            long bytes = pipeline.bytes();
            String error = outcome == StepOutcome.OK ? "" : outcome == StepOutcome.CANCELLED
                    ? "cancelled; every process of the pipeline was ended"
                    : stall != null ? "stalled: " + stall : pipeline.failureText();
            if (outcome != StepOutcome.OK) {
                setup.preflight().settle(step, used, options, checkLog);
            } else {
                error = afterReceive(step, checkLog);
                outcome = error.isEmpty() ? outcome : StepOutcome.FAILED;
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            return new StepResult(step, outcome, flags, new StepResult.Measured(started, seconds, bytes), error, checks,
                    List.of());
        } catch (TransferCancelledException e) {
            return new StepResult(step, StepOutcome.CANCELLED, flags, measured(started, t0), e.getMessage(), checks,
                    List.of());
        } catch (RuntimeException | IOException e) {
            RunningPipeline running = pipeline;
            if (running != null) {
                running.destroy();
                setup.preflight().settle(step, used, options, checkLog);
            }
            StepOutcome outcome = cancelled ? StepOutcome.CANCELLED : StepOutcome.FAILED;
            return new StepResult(step, outcome, flags, measured(started, t0), e.getMessage(), checks, List.of());
        } finally {
            deleteQuietly(workDir);
        }
    }

    /** What a received step left is made safe; "" when it was, else why it could not be (the step failed). */
    private String afterReceive(SendStep step, Consumer<String> checkLog) {
        try {
            if (!setup.preflight().receivedLater(step, used, options, checkLog)) {
                setup.preflight().received(step, used, options, checkLog);
            }
            return "";
        } catch (io.jenkins.plugins.zfsreplication.transfer.process.TransferException e) {
            checkLog.accept(e.getMessage());
            return e.getMessage();
        }
    }

    private StepOutcome watch(RunningPipeline running) {
        Progress progress = new Progress(stallNanos(options));
        while (true) {
            if (cancelled || Thread.currentThread().isInterrupted()) {
                running.destroy();
                return StepOutcome.CANCELLED;
            }
            if (running.failed()) {
                // one stage failed: the others would wait forever or fail late; end them
                try {
                    running.endAfterAFailure();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return StepOutcome.CANCELLED;
                }
                return cancelled ? StepOutcome.CANCELLED : StepOutcome.FAILED;
            }
            if (running.finished()) {
                return StepOutcome.OK;
            }
            if (endIfStalled(running, progress)) {
                return StepOutcome.FAILED;
            }
            try {
                running.awaitChange(POLL_MILLIS);
            } catch (InterruptedException e) {
                running.destroy();
                Thread.currentThread().interrupt();
                return StepOutcome.CANCELLED;
            }
        }
    }

    /**
     * Nothing moved and nothing ended for the whole bound: a stage waits for something that will not
     * come. Records who waits on what, then ends them all: an unbounded wait would hang the run.
     */
    private boolean endIfStalled(RunningPipeline running, Progress progress) {
        if (!progress.stalled(running)) {
            return false;
        }
        stall = String.format("no byte moved and no process ended for %d s; still waiting: %s",
                progress.boundSeconds(), running.waitingText());
        running.destroy();
        return true;
    }

    /**
     * How long a pipeline may sit without a byte moving and without a process ending before it is
     * called stalled: the silence timeout, but never under {@link #STALL_FLOOR}, because zfs recv
     * legitimately moves no byte while it commits and mounts at the end, which on a loaded host takes
     * seconds to tens of seconds.
     */
    static long stallNanos(TransferOptions options) {
        return Math.max(options.times().silenceTimeout().toNanos(), STALL_FLOOR.toNanos());
    }

    /** Tracks when the pipeline last moved a byte or lost a process; sampled about once a second. */
    private static final class Progress {
        private final long boundNanos;
        private long lastBytes = -1;
        private long lastEnded = -1;
        private long lastChange = System.nanoTime();
        private long nextSample;

        Progress(long boundNanos) {
            this.boundNanos = boundNanos;
        }

        boolean stalled(RunningPipeline running) {
            long now = System.nanoTime();
            if (now < nextSample) {
                return false;
            }
            nextSample = now + 1_000_000_000L;
            long bytes = running.bytes();
            long ended = running.stages().stream().filter(stage -> !stage.process().isAlive()).count();
            if (bytes != lastBytes || ended != lastEnded) {
                lastBytes = bytes;
                lastEnded = ended;
                lastChange = now;
                return false;
            }
            return now - lastChange > boundNanos;
        }

        long boundSeconds() {
            return boundNanos / 1_000_000_000L;
        }
    }

    private PipelineSpec spec(SendStep step, Path workDir) {
        List<StageCommand> sendSide = new ArrayList<>();
        sendSide.add(new StageCommand(sourceRole(), setup.commands().source(step, used)));
        if (options.stream().compression() != Compression.NONE) {
            sendSide.add(new StageCommand("compress", options.stream().compression().compressCommand()));
        }
        if (options.stream().bufferBytes() > 0) {
            sendSide.add(new StageCommand("mbuffer", buffer(options)));
        }
        List<StageCommand> receiveSide = new ArrayList<>();
        if (options.stream().compression() != Compression.NONE) {
            receiveSide.add(new StageCommand("decompress", options.stream().compression().decompressCommand()));
        }
        receiveSide.add(new StageCommand(sinkRole(), setup.commands().sink(step, used,
                setup.preflight().receiving(step, used, options))));
        return new PipelineSpec(label(step), sendSide, receiveSide, setup.sender(), setup.receiver(), workDir, options, step);
    }

    /** What the buffer stage's shell says, on its stderr, where mbuffer is missing and the stream goes unbuffered. */
    static final String NO_MBUFFER = "warning: mbuffer is not installed on ";
    /** mbuffer if the host has it, else cat and the warning; with a rate limit (argument 4 is -r) a failure. */
    // hash, not command -v: the stage's bytes are its process's write count, and command -v writes
    // mbuffer's path (to /dev/null, still counted) before the exec keeps the same process
    private static final String BUFFER_SCRIPT = "hash mbuffer 2>/dev/null && exec mbuffer \"$@\";"
            + " if [ \"$4\" = -r ]; then echo \"mbuffer is not installed on $(uname -n): --rate-limit needs it"
            + " (apt-get install mbuffer)\" >&2; exit 127; fi;"
            + " echo \"" + NO_MBUFFER + "$(uname -n): the stream goes without a buffer (apt-get install mbuffer)\" >&2;"
            + " exec cat";

    /**
     * The buffer stage: mbuffer where the sending side has it (the shell execs it: the process is
     * mbuffer, its counters the stage's). Where it is missing the stream goes through {@code cat},
     * unbuffered, and the stage says so once on its stderr (the run logs it once): a missing buffer
     * costs smoothing, not the night. A rate limit has no such fallback: without mbuffer it fails.
     */
    static List<String> buffer(TransferOptions options) {
        List<String> argv = new ArrayList<>(List.of("sh", "-c", BUFFER_SCRIPT, "mbuffer", "-q", "-m",
                (options.stream().bufferBytes() >> 10) + "k"));
        if (options.stream().rateLimit() > 0) {
            argv.addAll(List.of("-r", Long.toString(options.stream().rateLimit())));
        }
        return argv;
    }

    /** The buffer's warning, if a stage of the ended pipeline wrote it. */
    private static java.util.Optional<String> unbuffered(RunningPipeline running) {
        for (RunningPipeline.Stage stage : running.stages()) {
            try {
                java.util.Optional<String> said = Files.readAllLines(stage.stderr()).stream()
                        .filter(line -> line.startsWith(NO_MBUFFER)).findFirst();
                if (said.isPresent()) {
                    return said;
                }
            } catch (IOException | java.io.UncheckedIOException e) {
                // the stage's stderr is its own file in the step's directory; unreadable, it says nothing
            }
        }
        return java.util.Optional.empty();
    }

    private String sourceRole() {
        return setup.commands() instanceof ZfsStreamCommands ? "zfs send" : "source";
    }

    private String sinkRole() {
        return setup.commands() instanceof ZfsStreamCommands ? "zfs recv" : "sink";
    }

    public static String label(SendStep step) {
        return step.source() + "@" + step.to().name() + " -> " + step.target();
    }

    /** The pipeline as the log shows it: the buffer stage as the mbuffer it runs, without its fallback's shell. */
    private static String describe(RunningPipeline pipeline) {
        return String.join(" | ", pipeline.stages().stream().map(stage -> String.join(" ", stage.argv())
                .replace("sh -c " + BUFFER_SCRIPT + " ", "")).toList());
    }

    private static void deleteQuietly(Path directory) {
        // a temp directory left behind costs nothing; the result is what matters
        WorkDirectory.delete(directory);
    }
}
