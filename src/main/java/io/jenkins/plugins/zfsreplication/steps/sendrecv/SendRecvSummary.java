package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.plan.DatasetAccount;
import io.jenkins.plugins.zfsreplication.plan.DatasetOutcome;
import io.jenkins.plugins.zfsreplication.steps.shared.OutcomeValues;
import io.jenkins.plugins.zfsreplication.steps.views.OutcomeTally;

import io.jenkins.plugins.zfsreplication.steps.views.SendRecvRecord;
import io.jenkins.plugins.zfsreplication.steps.views.TransferCounts;
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
public record SendRecvSummary(boolean succeeded, boolean cancelled, TransferCounts counts, String firstError,
                              List<String> artifacts, List<DatasetAccount> accounts) implements Serializable {
    private static final long serialVersionUID = 1L;

    public SendRecvSummary {
        firstError = firstError == null ? "" : firstError;
        artifacts = List.copyOf(artifacts);
        accounts = List.copyOf(accounts);
    }

    /** Each dataset that needs attention (never one the backup host excluded): the build is UNSTABLE for it. */
    public List<DatasetAccount> attention() {
        return accounts.stream().filter(account -> account.outcome() == DatasetOutcome.ATTENTION).toList();
    }

    /** The same summary with one more workspace-relative artifact to archive. */
    SendRecvSummary withArtifact(String path) {
        List<String> more = new java.util.ArrayList<>(artifacts);
        more.add(path);
        return new SendRecvSummary(succeeded, cancelled, counts, firstError, more, accounts);
    }

    /** The same summary with the artifact list {@code settings} names, whatever the agent reported. */
    public SendRecvSummary archiving(SendRecvSettings settings) {
        return new SendRecvSummary(succeeded, cancelled, counts, firstError, settings.artifactFiles(), accounts);
    }

    /** What the build page keeps of this run of {@code settings}; {@code aborted}: the build was aborted meanwhile. */
    public SendRecvRecord record(SendRecvSettings settings, boolean aborted) {
        return new SendRecvRecord(settings.plan(), settings.transport(), succeeded, counts, firstError, artifacts,
                aborted, new OutcomeTally(accounts));
    }

    /** The value zfsSendRecv returns to a Pipeline script, with every dataset's outcome ({@link OutcomeValues}). */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("succeeded", succeeded);
        map.put("cancelled", cancelled);
        map.put("steps", counts.steps());
        map.put("failedSteps", counts.failedSteps());
        map.put("bytes", counts.bytes());
        map.put("datasets", counts.datasets());
        map.put("skippedSteps", counts.skippedSteps());
        map.put("seconds", counts.seconds());
        map.put("error", firstError);
        OutcomeValues.put(map, accounts);
        return map;
    }
}
