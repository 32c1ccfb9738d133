package io.jenkins.plugins.zfsreplication.transfer;

import io.jenkins.plugins.zfsreplication.units.Sizes;
import io.jenkins.plugins.zfsreplication.transfer.process.TransferException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.jenkins.plugins.zfsreplication.plan.DatasetAction;
import io.jenkins.plugins.zfsreplication.plan.DatasetPlan;
import io.jenkins.plugins.zfsreplication.plan.ReplicationPlan;
import io.jenkins.plugins.zfsreplication.plan.SendKind;
import io.jenkins.plugins.zfsreplication.plan.SendStep;

/**
 * Runs a plan: up to {@code concurrency} datasets at once, the steps of each in order, the gate
 * asked before each step, throughput sampled from /proc at a steady interval and printed as
 * progress. {@link #cancel()} (or interrupting the thread in {@link #run}) ends every pipeline.
 */
public final class TransferEngine {
    private final TransferSetup setup;
    private final TransferOptions options;
    private final Consumer<String> log;
    private final Clock clock;
    private final OptionResolver.Resolved resolved;
    private final Map<String, DatasetProgress> progress = new ConcurrentHashMap<>();
    /** Warnings every step would repeat (a missing buffer): logged once a run. */
    private final java.util.Set<String> warned = ConcurrentHashMap.newKeySet();
    private volatile boolean cancelled;
    private boolean interrupted;

    public TransferEngine(TransferSetup setup, TransferOptions options, Consumer<String> log, Clock clock) {
        this.setup = setup;
        this.options = options;
        this.log = log;
        this.clock = clock;
        this.resolved = OptionResolver.resolve(options.requested(), setup.sourceCapabilities(), setup.targetCapabilities());
    }

    private void warnOnce(String line) {
        if (warned.add(line)) {
            log.accept(line);
        }
    }

    /** The options in use and those dropped, with the reason, for logs before the run starts. */
    public OptionResolver.Resolved options() {
        return resolved;
    }

    /**
     * Ends every running pipeline; steps not yet started are not started. Safe from any thread. A
     * cancelled engine stays cancelled: later runs record every step as not run.
     */
    public void cancel() {
        cancelled = true;
        progress.values().forEach(DatasetProgress::cancel);
    }

    public TransferReport run(ReplicationPlan plan) {
        Instant start = clock.instant();
        interrupted = false;
        progress.clear(); // an engine runs plan after plan; each run's throughput is its own
        resolved.dropped().forEach(log);
        setup.preflight().startRun(plan);
        ThroughputLog throughput = new ThroughputLog(start);
        List<DatasetPlan> sending = ParentsFirst.order(plan.datasets().stream()
                .filter(d -> d.action() == DatasetAction.SEND).toList());
        ParentsFirst parents = new ParentsFirst(sending);
        Map<DatasetPlan, Future<List<StepResult>>> futures = new LinkedHashMap<>();
        ExecutorService workers = Executors.newFixedThreadPool(options.concurrency(), daemon("transfer"));
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(daemon("throughput"));
        long interval = options.times().sampleInterval().toMillis();
        sampler.scheduleAtFixedRate(() -> tick(throughput), interval, interval, TimeUnit.MILLISECONDS);
        try {
            sending.forEach(dataset -> futures.put(dataset, workers.submit(() -> runDataset(dataset, parents))));
            List<StepResult> results;
            try {
                results = collect(futures);
            } catch (RuntimeException e) {
                setup.preflight().receivedAll(options); // what arrived is made safe all the same
                throw e;
            }
            results = checkedAfterRun(results);
            return new TransferReport(start, clock.instant(), setup.transport().name(), options.concurrency(),
                    resolved.dropped(), results, finalSamples(sampler, throughput));
        } finally {
            workers.shutdownNow();
            sampler.shutdownNow();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * The checks after a receive that waited for the run's last step ({@link Preflight#receivedLater}),
     * made now, each added to the record of its target's last step that received; a failed check
     * fails that step, as it would have failed right after its receive.
     */
    private List<StepResult> checkedAfterRun(List<StepResult> results) {
        Map<io.jenkins.plugins.zfsreplication.zfs.DatasetName, Preflight.LaterCheck> checks =
                new java.util.HashMap<>(setup.preflight().receivedAll(options));
        if (checks.isEmpty()) {
            return results;
        }
        List<StepResult> checked = new ArrayList<>(results);
        for (int i = checked.size() - 1; i >= 0; i--) {
            StepResult result = checked.get(i);
            Preflight.LaterCheck check = result.outcome() == StepOutcome.OK ? checks.remove(result.step().target())
                    : null;
            if (check == null) {
                continue;
            }
            List<String> lines = new ArrayList<>(result.checks());
            lines.addAll(check.lines());
            boolean failed = !check.error().isEmpty();
            if (failed) {
                log.accept(String.format("%s: failed: %s", StepTransfer.label(result.step()), check.error()));
            }
            checked.set(i, new StepResult(result.step(), failed ? StepOutcome.FAILED : result.outcome(),
                    result.options(), result.measured(), failed ? check.error() : result.message(), lines,
                    result.retried()));
        }
        return checked;
    }

    private List<StepResult> collect(Map<DatasetPlan, Future<List<StepResult>>> futures) {
        List<StepResult> results = new ArrayList<>();
        for (Map.Entry<DatasetPlan, Future<List<StepResult>>> entry : futures.entrySet()) {
            try {
                results.addAll(waitFor(entry.getValue()));
            } catch (ExecutionException e) {
                throw new TransferException(e.getCause(), "Transfer of %s failed unexpectedly: %s",
                        entry.getKey().source(), e.getCause());
            }
        }
        return results;
    }

    private List<StepResult> waitFor(Future<List<StepResult>> future) throws ExecutionException {
        while (true) {
            try {
                return future.get();
            } catch (InterruptedException e) {
                // the caller's thread was interrupted (Jenkins abort): cancel and still collect what happened;
                // the interrupt is set again when the run returns
                interrupted = true;
                cancel();
            }
        }
    }

    private List<ThroughputLog.Sample> finalSamples(ScheduledExecutorService sampler, ThroughputLog throughput) {
        sampler.shutdownNow();
        try {
            sampler.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        tick(throughput);
        return throughput.samples();
    }

    private List<StepResult> runDataset(DatasetPlan dataset, ParentsFirst parents) throws InterruptedException {
        try {
            return runDataset(dataset, parents.awaitParent(dataset).orElse(null), parents);
        } finally {
            parents.firstStepEnded(dataset, false); // no-op when the first step has reported already
        }
    }

    private List<StepResult> runDataset(DatasetPlan dataset, String parentProblem, ParentsFirst parents) {
        DatasetProgress state = new DatasetProgress(dataset.source().name());
        progress.put(state.name, state);
        List<StepResult> results = new ArrayList<>();
        SendStep skippedBase = null;
        EncryptedSends.Choice encryption = EncryptedSends.choose(dataset, resolved.used(), options, setup);
        if (encryption.note() != null) {
            log.accept(encryption.note());
        }
        if (encryption.refusal() != null && parentProblem == null) {
            log.accept(encryption.refusal());
            results.add(StepResult.notRun(dataset.steps().get(0), StepOutcome.FAILED, encryption.refusal()));
        }
        boolean blocked = parentProblem != null || !results.isEmpty();
        boolean ran = false;
        for (SendStep planned : dataset.steps().subList(results.size(), dataset.steps().size())) {
            SendStep step = skippedBase == null ? planned : rebase(planned, skippedBase);
            if (blocked || cancelled) {
                results.add(StepResult.notRun(step, StepOutcome.NOT_RUN, cancelled
                        ? "the run was cancelled before this step" : results.isEmpty() && parentProblem != null
                        ? parentProblem : "an earlier step of this dataset did not complete"));
                continue;
            }
            if (!setup.gate().stillWanted(step, clock.instant())) {
                log.accept(String.format("%s: skipped, no longer wanted by the retention rules", StepTransfer.label(step)));
                results.add(StepResult.notRun(step, StepOutcome.SKIPPED, "no longer wanted by the retention rules"));
                skippedBase = skippedBase == null ? step : skippedBase;
                continue;
            }
            skippedBase = null;
            StepResult result = runWithRetries(state, step, encryption.used());
            if (!ran) {
                parents.firstStepEnded(dataset, result.outcome() == StepOutcome.OK);
                ran = true;
            }
            results.add(result);
            log.accept(String.format("%s: %s, %s in %.1f s%s", StepTransfer.label(step),
                    result.outcome().name().toLowerCase(java.util.Locale.ROOT), Sizes.human(result.measured().bytes()),
                    result.measured().seconds(), result.message().isEmpty() ? "" : ": " + result.message()));
            blocked = result.outcome() != StepOutcome.OK;
        }
        return results;
    }

    /**
     * Runs a step, and again after a failure that a moment later may not happen again (see
     * {@link RetryPolicy}), as often as the options allow, waiting longer each time. The checks
     * before each attempt find the target as the failed attempt left it: a resume token there is
     * resumed, a partial receive discarded. The result is the last attempt's, with the ones before.
     */
    private StepResult runWithRetries(DatasetProgress state, SendStep step, Set<SendOption> used) {
        RetryPolicy retry = setup.transport().retriable() ? options.retry() : RetryPolicy.NONE;
        List<StepResult.Attempt> retried = new ArrayList<>();
        while (true) {
            StepResult result = state.run(new StepTransfer(setup, options, used, clock, log, this::warnOnce), step);
            String reason = result.outcome() == StepOutcome.FAILED ? RetryPolicy.transientReason(result.message())
                    : null;
            if (reason == null || retried.size() >= retry.retries() || cancelled) {
                return result.withRetried(retried);
            }
            java.time.Duration wait = retry.delayBefore(retried.size() + 1);
            StepResult.Measured measured = result.measured();
            retried.add(new StepResult.Attempt(measured.startedAt(), measured.seconds(), measured.bytes(),
                    result.message(), reason, wait, result.checks()));
            log.accept(String.format("%s: attempt %d of %d failed (%s); trying again in %d s", StepTransfer.label(step),
                    retried.size(), retry.retries() + 1, reason, wait.toSeconds()));
            if (!pause(wait)) {
                return StepResult.notRun(step, StepOutcome.CANCELLED, "cancelled while waiting to try the step again "
                        + "after: " + result.message()).withRetried(retried);
            }
        }
    }

    /** Waits, unless the run is cancelled first; false when it was. */
    private boolean pause(java.time.Duration wait) {
        long end = System.nanoTime() + wait.toNanos();
        while (!cancelled) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return true;
            }
            try {
                Thread.sleep(Math.min(TimeUnit.NANOSECONDS.toMillis(left) + 1, 100));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    /** The step that replaces {@code next} when the steps from {@code skipped} on were skipped. */
    public static SendStep rebase(SendStep next, SendStep skipped) {
        SendKind kind = skipped.from() == null ? SendKind.FULL
                : next.kind() == SendKind.INCREMENTAL_RANGE ? SendKind.INCREMENTAL_RANGE : SendKind.INCREMENTAL;
        return new SendStep(next.source(), next.target(), kind, skipped.from(), next.to(), null,
                next.rollback() || skipped.rollback(), -1);
    }

    private void tick(ThroughputLog throughput) {
        Map<String, Long> bytes = new LinkedHashMap<>();
        progress.values().stream().sorted(java.util.Comparator.comparing(p -> p.name))
                .forEach(p -> bytes.put(p.name, p.bytes()));
        if (bytes.isEmpty()) {
            return;
        }
        List<ThroughputLog.Sample> samples = throughput.record(clock.instant(), bytes);
        long running = progress.values().stream().filter(DatasetProgress::running).count();
        for (ThroughputLog.Sample sample : samples) {
            DatasetProgress state = progress.get(sample.dataset());
            // a line per running dataset, and the total when more than one runs
            if (state != null ? state.running() : running > 1) {
                log.accept(progressLine(sample, state));
            }
        }
    }

    private static String progressLine(ThroughputLog.Sample sample, DatasetProgress state) {
        StringBuilder line = new StringBuilder(String.format("progress %s: %s at %s/s", sample.dataset(),
                Sizes.human(sample.bytes()), Sizes.human(sample.bytesPerSecond())));
        long estimate = state == null ? -1 : state.estimate();
        if (estimate > 0 && sample.bytesPerSecond() > 0) {
            long stepBytes = state.stepBytes();
            line.append(String.format(" (step %s of ~%s, %s left)", Sizes.human(stepBytes), Sizes.human(estimate),
                    Sizes.duration(Math.max(0, estimate - stepBytes) / sample.bytesPerSecond())));
        }
        return line.toString();
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, "zfsr-" + name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /** One dataset's bytes so far (finished steps plus the running one) and its running step. */
    private static final class DatasetProgress {
        private final String name;
        private volatile long doneBytes;
        private volatile StepTransfer current;
        private volatile boolean cancelled;

        DatasetProgress(String name) {
            this.name = name;
        }

        StepResult run(StepTransfer execution, SendStep step) {
            current = execution;
            if (cancelled) {
                execution.cancel();
            }
            try {
                StepResult result = execution.run(step);
                doneBytes += result.measured().bytes();
                return result;
            } finally {
                current = null;
            }
        }

        long bytes() {
            StepTransfer running = current;
            return doneBytes + (running == null ? 0 : running.bytes());
        }

        long stepBytes() {
            StepTransfer running = current;
            return running == null ? 0 : running.bytes();
        }

        long estimate() {
            StepTransfer running = current;
            return running == null ? -1 : running.estimate();
        }

        /** True while a step's pipeline runs (not while it waits for its connection). */
        boolean running() {
            StepTransfer running = current;
            return running != null && running.streaming();
        }

        void cancel() {
            cancelled = true;
            StepTransfer running = current;
            if (running != null) {
                running.cancel();
            }
        }
    }
}
