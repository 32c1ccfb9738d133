package io.jenkins.plugins.zfsreplication.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Samples cumulative byte counters over a run: logical bytes done, bytes actually read, bytes
 * skipped as holes. Samples are cumulative, so thinning them (every other one dropped once there
 * are too many) keeps the totals exact and the memory bounded for runs of any length.
 */
public final class ThroughputRecorder implements AutoCloseable {
    static final int MAX_SAMPLES = 2048;

    private final AtomicLong logical = new AtomicLong();
    private final AtomicLong read = new AtomicLong();
    private final AtomicLong holes = new AtomicLong();
    private final long startNanos = System.nanoTime();
    private final List<Sample> samples = new ArrayList<>();
    private final ScheduledExecutorService timer;
    private final Consumer<Sample> listener;

    /** One point of the run: seconds since start and cumulative byte counts. */
    public record Sample(double seconds, long logicalBytes, long readBytes, long holeBytes) {
    }

    /** Starts sampling every {@code intervalMillis}; {@code listener} (may be null) sees each sample, e.g. to draw a progress line. */
    public ThroughputRecorder(long intervalMillis, Consumer<Sample> listener) {
        this.listener = listener;
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "zfsr-verify-sampler");
            thread.setDaemon(true);
            return thread;
        });
        sample();
        timer.scheduleAtFixedRate(this::sample, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    void add(long logicalBytes, long readBytes, long holeBytes) {
        logical.addAndGet(logicalBytes);
        read.addAndGet(readBytes);
        holes.addAndGet(holeBytes);
    }

    void sample() {
        Sample sample = new Sample((System.nanoTime() - startNanos) / 1e9, logical.get(), read.get(), holes.get());
        synchronized (samples) {
            samples.add(sample);
            if (samples.size() > MAX_SAMPLES) {
                thin();
            }
        }
        if (listener != null) {
            listener.accept(sample);
        }
    }

    private void thin() {
        List<Sample> kept = new ArrayList<>(samples.size() / 2 + 1);
        for (int i = 0; i < samples.size(); i += 2) {
            kept.add(samples.get(i));
        }
        samples.clear();
        samples.addAll(kept);
    }

    /** Stops sampling, adds a final sample and returns all samples in time order. */
    public List<Sample> finish() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sample();
        synchronized (samples) {
            return List.copyOf(samples);
        }
    }

    /** Seconds since the recorder started. */
    public double elapsedSeconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
