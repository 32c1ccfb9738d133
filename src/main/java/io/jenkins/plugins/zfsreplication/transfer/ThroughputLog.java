package io.jenkins.plugins.zfsreplication.transfer;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run's throughput over time: at each sampling tick, per dataset and in total, the bytes so far
 * and the rate since the previous tick. The model behind throughput.csv and throughput.svg.
 */
public final class ThroughputLog {
    /** The name of the sum over all datasets in the samples. */
    public static final String TOTAL = "total";

    /** One point: {@code seconds} since the run started. */
    public record Sample(Instant time, double seconds, String dataset, long bytes, double bytesPerSecond) {
    }

    private final Instant start;
    private final List<Sample> samples = new ArrayList<>();
    private final Map<String, Long> previousBytes = new LinkedHashMap<>();
    private double previousSeconds;

    public ThroughputLog(Instant start) {
        this.start = start;
    }

    public Instant start() {
        return start;
    }

    /**
     * Records one tick. {@code bytesByDataset} holds each started dataset's bytes so far (finished
     * steps plus the running one); a dataset is recorded from its first tick on.
     */
    public synchronized List<Sample> record(Instant now, Map<String, Long> bytesByDataset) {
        double seconds = Math.max(0, (now.toEpochMilli() - start.toEpochMilli()) / 1000.0);
        double elapsed = seconds - previousSeconds;
        List<Sample> tick = new ArrayList<>();
        long totalBytes = 0;
        double totalRate = 0;
        for (Map.Entry<String, Long> entry : bytesByDataset.entrySet()) {
            long bytes = entry.getValue();
            long before = previousBytes.getOrDefault(entry.getKey(), 0L);
            double rate = elapsed > 0 ? Math.max(0, bytes - before) / elapsed : 0;
            tick.add(new Sample(now, seconds, entry.getKey(), bytes, rate));
            previousBytes.put(entry.getKey(), bytes);
            totalBytes += bytes;
            totalRate += rate;
        }
        tick.add(new Sample(now, seconds, TOTAL, totalBytes, totalRate));
        previousSeconds = seconds;
        samples.addAll(tick);
        return tick;
    }

    public synchronized List<Sample> samples() {
        return List.copyOf(samples);
    }
}
