package io.jenkins.plugins.zfsreplication.steps.sendrecv;

import io.jenkins.plugins.zfsreplication.steps.views.SendRecvRecord;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the agent returns: small, serializable, only the plugin's own types (JEP-200). */
public record SendRecvSummary(boolean succeeded, boolean cancelled, int steps, int failedSteps, long bytes,
                              String firstError, List<String> artifacts, int datasets, int skippedSteps,
                              double seconds) implements Serializable {
    private static final long serialVersionUID = 1L;

    public SendRecvSummary {
        firstError = firstError == null ? "" : firstError;
        artifacts = List.copyOf(artifacts);
    }

    /** The same summary with one more workspace-relative artifact to archive. */
    SendRecvSummary withArtifact(String path) {
        List<String> more = new java.util.ArrayList<>(artifacts);
        more.add(path);
        return new SendRecvSummary(succeeded, cancelled, steps, failedSteps, bytes, firstError, more, datasets,
                skippedSteps, seconds);
    }

    /** The same summary with the artifact list {@code settings} names, whatever the agent reported. */
    public SendRecvSummary archiving(SendRecvSettings settings) {
        return new SendRecvSummary(succeeded, cancelled, steps, failedSteps, bytes, firstError, settings.artifactFiles(),
                datasets, skippedSteps, seconds);
    }

    /** What the build page keeps of this run of {@code settings}; {@code aborted}: the build was aborted meanwhile. */
    public SendRecvRecord record(SendRecvSettings settings, boolean aborted) {
        return new SendRecvRecord(settings.plan(), settings.transport(), succeeded, datasets, steps, skippedSteps,
                failedSteps, bytes, seconds, firstError, artifacts, aborted);
    }

    /** The value zfsSendRecv returns to a Pipeline script. */
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
        return map;
    }
}
