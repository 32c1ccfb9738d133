package io.jenkins.plugins.zfsreplication.steps.check;

import io.jenkins.plugins.zfsreplication.check.CheckStatus;
import io.jenkins.plugins.zfsreplication.steps.shared.SshKey;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Result;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.steps.shared.AgentCall;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.TargetListingCallable;
import io.jenkins.plugins.zfsreplication.steps.shared.WorkspaceFiles;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
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
public record CheckRunner(CheckSettings settings, String targetAgent, String credentialsId) implements StepRunner {
    private static final long serialVersionUID = 1L;

    public CheckRunner {
        // pulling checks from this agent, whose pools are the target
        if (settings.sourceDestination() != null && targetAgent != null && !targetAgent.isBlank()) {
            throw new IllegalArgumentException("zfsCheck: sourceHost lists the source from the agent the step runs "
                    + "on, whose pools are the target; targetAgent '" + targetAgent.strip() + "' names another: give "
                    + "one of them");
        }
    }

    @Override
    public Map<String, Object> run(Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener)
            throws IOException, InterruptedException {
        PrintStream log = listener.getLogger();
        workspace.mkdirs();
        ListingText listing = TargetListingCallable.onTargetAgent("zfsCheck", targetAgent, settings.host(),
                settings.options().targetRoot(), run);
        SshKey sourceKey = null;
        if (settings.sourceDestination() != null) {
            sourceKey = SshKey.lookUp("zfsCheck", credentialsId, run, SshKey.hostName(settings.sourceDestination()));
            log.printf("zfsCheck: pulling: the source is listed on %s over ssh%n", settings.sourceDestination());
        }
        // aborted, its zfs command is killed and it fails; one that had ended is recorded, then the step ends
        AgentCall.Answer<CheckCallable.Summary> answer = AgentCall.act("zfsCheck", workspace,
                new CheckCallable(settings, listing, null, sourceKey), listener);
        CheckCallable.Summary summary = answer.value();
        summary.log().forEach(line -> log.println("zfsCheck: " + TerminalText.line(line)));
        log.println(TerminalText.line(summary.firstLine()));
        summary.datasets().forEach(d -> log.println(TerminalText.line("zfsCheck: " + d.status() + " " + d.source() + ": " + d.reason())));
        List<String> artifacts = List.of("check.json", "check.txt");
        WorkspaceFiles.archive(run, workspace, launcher, listener, artifacts);
        ZfsReplicationAction.record(run, summary.record(settings.sources(), artifacts));
        answer.endIfAborted("zfsCheck was aborted after it had checked");
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
