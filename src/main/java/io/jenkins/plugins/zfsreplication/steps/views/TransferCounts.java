package io.jenkins.plugins.zfsreplication.steps.views;

import java.io.Serializable;

/**
 * What one zfsSendRecv run moved: the agent's summary carries it whole, the build page's record
 * keeps its parts.
 *
 * @param datasets the datasets with a step in the run
 * @param steps    the steps of the run, however each ended
 */
public record TransferCounts(int datasets, int steps, int skippedSteps, int failedSteps, long bytes, double seconds)
        implements Serializable {
    private static final long serialVersionUID = 1L;
}
