package io.jenkins.plugins.zfsreplication.steps.check;

import io.jenkins.plugins.zfsreplication.check.CheckStatus;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.SelectionSettings;
import io.jenkins.plugins.zfsreplication.steps.shared.SshKey;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

import hudson.AbortException;
import hudson.model.Result;
import hudson.model.Run;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;

/**
 * zfsCheck as the Pipeline step and the freestyle builder run it: check on the agent, log the
 * plugin's output, archive check.json and check.txt, show the ages on the build page, and mark the
 * build by the thresholds: WARNING makes it UNSTABLE, CRITICAL or UNKNOWN (nothing selected) fail it.
 *
 * @param targetAgent   the node that holds the target's pools; blank: this agent or the settings' ssh host
 * @param credentialsId pulling: an "SSH Username with private key" credential for the source host (the id
 *                      only: the key is looked up when the step runs); "" for the agent user's own keys
 */
public record CheckRunner(CheckSettings settings, String targetAgent, String credentialsId)
        implements SelectionRunner<CheckCallable.Summary> {
    private static final long serialVersionUID = 1L;
    private static final Names NAMES = new Names("zfsCheck", "listed", "checked", List.of("check.json", "check.txt"));

    public CheckRunner {
        // pulling checks from this agent, whose pools are the target
        SelectionSettings.checkTargetAgent("zfsCheck", CheckSettings.PULLING, settings, targetAgent);
    }

    @Override
    public Names names() {
        return NAMES;
    }

    @Override
    public CheckCallable work(ListingText targetListing, SshKey sourceKey) {
        return new CheckCallable(settings, targetListing, null, sourceKey);
    }

    @Override
    public Map<String, Object> finish(Run<?, ?> run, CheckCallable.Summary summary, PrintStream log)
            throws AbortException {
        Result result = resultOf(summary.status());
        if (result == Result.FAILURE) {
            throw new AbortException("zfsCheck: " + summary.firstLine());
        }
        if (result == Result.UNSTABLE) {
            log.println("zfsCheck: marking the build UNSTABLE (" + summary.status() + ")");
            run.setResult(Result.UNSTABLE);
        }
        return summary.toMap();
    }

    /** A WARNING check leaves its stage UNSTABLE, as it leaves the build. */
    @Override
    public String warning(Map<String, Object> value) {
        return resultOf(String.valueOf(value.get("status"))) == Result.UNSTABLE ? "zfsCheck: " + value.get("summary") : null;
    }

    /** OK: the build goes on as it is; WARNING: UNSTABLE; CRITICAL and UNKNOWN: FAILURE. */
    static Result resultOf(String status) {
        return switch (CheckStatus.named(status)) {
            case OK -> Result.SUCCESS;
            case WARNING -> Result.UNSTABLE;
            case CRITICAL, UNKNOWN -> Result.FAILURE;
        };
    }
}
