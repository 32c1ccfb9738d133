package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.steps.shared.OutcomeValues;
import io.jenkins.plugins.zfsreplication.steps.views.OutcomeTally;

import io.jenkins.plugins.zfsreplication.steps.views.SendRecvRecord;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the agent returns: small, serializable, only the plugin's own types (JEP-200).
 *
 * @param accounts every dataset of the plan with its outcome after the run (a planned send whose step
 *                 did not end well failed)
 */
public record SendRecvSummary(boolean succeeded, boolean cancelled, int steps, int failedSteps, long bytes,
                              String firstError, List<String> artifacts, int datasets, int skippedSteps,
                              double seconds, List<DatasetAccount> accounts) implements Serializable {
    private static final long serialVersionUID = 1L;

    public SendRecvSummary {
        firstError = firstError == null ? "" : firstError;
        artifacts = List.copyOf(artifacts);
        accounts = List.copyOf(accounts);
    }

    /** A summary that accounts for no dataset. */
    public SendRecvSummary(boolean succeeded, boolean cancelled, int steps, int failedSteps, long bytes,
                           String firstError, List<String> artifacts, int datasets, int skippedSteps, double seconds) {
        this(succeeded, cancelled, steps, failedSteps, bytes, firstError, artifacts, datasets, skippedSteps, seconds,
                List.of());
    }

    /** Each dataset that needs attention (never one the backup host excluded): the build is UNSTABLE for it. */
    public List<DatasetAccount> attention() {
        return accounts.stream().filter(account -> account.outcome() == DatasetOutcome.ATTENTION).toList();
    }

    /** The same summary with one more workspace-relative artifact to archive. */
    SendRecvSummary withArtifact(String path) {
        List<String> more = new java.util.ArrayList<>(artifacts);
        more.add(path);
        return new SendRecvSummary(succeeded, cancelled, steps, failedSteps, bytes, firstError, more, datasets,
                skippedSteps, seconds, accounts);
    }

    /** The same summary with the artifact list {@code settings} names, whatever the agent reported. */
    public SendRecvSummary archiving(SendRecvSettings settings) {
        return new SendRecvSummary(succeeded, cancelled, steps, failedSteps, bytes, firstError, settings.artifactFiles(),
                datasets, skippedSteps, seconds, accounts);
    }

    /** What the build page keeps of this run of {@code settings}; {@code aborted}: the build was aborted meanwhile. */
    public SendRecvRecord record(SendRecvSettings settings, boolean aborted) {
        return new SendRecvRecord(settings.plan(), settings.transport(), succeeded, datasets, steps, skippedSteps,
                failedSteps, bytes, seconds, firstError, artifacts, aborted, new OutcomeTally(accounts));
    }

    /** The value zfsSendRecv returns to a Pipeline script, with every dataset's outcome ({@link OutcomeValues}). */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("succeeded", succeeded);
        map.put("cancelled", cancelled);
        map.put("steps", steps);
        map.put("failedSteps", failedSteps);
        map.put("bytes", bytes);
        map.put("datasets", datasets);
        map.put("skippedSteps", skippedSteps);
        map.put("seconds", seconds);
        map.put("error", firstError);
        OutcomeValues.put(map, accounts);
        return map;
    }
}
