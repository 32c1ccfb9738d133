package io.jenkins.plugins.zfsreplication.steps.shared;

import io.jenkins.plugins.zfsreplication.steps.views.StepRecord;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.zfs.ListingText;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Serializable;
import java.util.List;
import java.util.Map;

import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;

/**
 * The run of a {@link SelectionStep} (zfsSnapshotPlan, zfsCheck), answered {@code S} by its agent:
 * list the target on its own agent, look up the source's key when pulling, call the agent, log,
 * archive, record on the build page, end if aborted meanwhile, then the step's own {@link #finish}.
 */
public interface SelectionRunner<S extends SelectionRunner.Summary> extends StepRunner {
    /** What the step does on the source ("listed"), what it had done when aborted after ("checked"). */
    record Names(String functionName, String sourceWork, String done, List<String> artifacts) {
    }

    Names names();

    SelectionSettings settings();

    String targetAgent();

    String credentialsId();

    /** The agent's work; the target as its own agent listed it (null: list it there), the source's key or null. */
    FilePath.FileCallable<S> work(ListingText targetListing, SshKey sourceKey);

    /** What the agent answers: its log, the lines after it, what the build page keeps of the run of {@code sources}. */
    interface Summary extends Serializable {
        List<String> log();

        List<String> resultLines();

        StepRecord record(String sources, List<String> artifacts);
    }

    /** After the record: the build's result and the script's value. */
    Map<String, Object> finish(Run<?, ?> run, S summary, PrintStream log) throws IOException;

    @Override
    default Map<String, Object> run(Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener)
            throws IOException, InterruptedException {
        String step = names().functionName();
        PrintStream log = listener.getLogger();
        workspace.mkdirs();
        ListingText listing = TargetListingCallable.onTargetAgent(step, targetAgent(), settings().target().sshHost(),
                settings().target().dataset(), run);
        if (listing != null) {
            log.printf("%s: target listed on agent %s (%d bytes deflated)%n", step, targetAgent().strip(),
                    listing.compressedBytes());
        }
        String source = settings().source().destination();
        SshKey sourceKey = source == null ? null : SshKey.lookUp(step, credentialsId(), run, SshKey.hostName(source));
        if (source != null) {
            log.printf("%s: pulling: the source is %s on %s over ssh%n", step, names().sourceWork(), source);
        }
        // aborted, its zfs command is killed and it fails; one that had ended is recorded, then the step ends
        AgentCall.Answer<S> answer = AgentCall.act(step, workspace, work(listing, sourceKey), listener);
        answer.value().log().forEach(line -> log.println(step + ": " + TerminalText.line(line)));
        answer.value().resultLines().forEach(line -> log.println(TerminalText.line(line)));
        WorkspaceFiles.archive(run, workspace, launcher, listener, names().artifacts());
        ZfsReplicationAction.record(run, answer.value().record(settings().datasets().sources(), names().artifacts()));
        answer.endIfAborted(step + " was aborted after it had " + names().done());
        return finish(run, answer.value(), log);
    }
}
