package io.jenkins.plugins.zfsreplication.transfer;

import java.util.List;
import java.util.Set;

import io.jenkins.plugins.zfsreplication.plan.SendStep;

/**
 * The two ends of a step's pipeline. {@link ZfsStreamCommands} is {@code zfs send} and
 * {@code zfs recv}; the throughput benchmark puts a synthetic source and sink in their place so that
 * the pipeline itself is what it measures.
 */
public interface StreamCommands {
    /** Writes the step's stream to stdout. */
    List<String> source(SendStep step, Set<SendOption> used);

    /** Reads the step's stream from stdin. */
    List<String> sink(SendStep step, Set<SendOption> used, TransferOptions options);

    /** Fixed commands whatever the step: the benchmark's source and sink. */
    static StreamCommands fixed(List<String> source, List<String> sink) {
        List<String> sourceCopy = List.copyOf(source);
        List<String> sinkCopy = List.copyOf(sink);
        return new StreamCommands() {
            @Override
            public List<String> source(SendStep step, Set<SendOption> used) {
                return sourceCopy;
            }

            @Override
            public List<String> sink(SendStep step, Set<SendOption> used, TransferOptions options) {
                return sinkCopy;
            }
        };
    }
}
