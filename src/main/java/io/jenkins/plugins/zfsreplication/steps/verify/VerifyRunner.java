package io.jenkins.plugins.zfsreplication.steps.verify;

import io.jenkins.plugins.zfsreplication.text.TerminalText;
import io.jenkins.plugins.zfsreplication.steps.views.VerifyRecord;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.verify.VerifyRun;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import io.jenkins.plugins.zfsreplication.steps.audit.BuildAudit;
import io.jenkins.plugins.zfsreplication.steps.shared.AgentCall;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.WorkspaceFiles;

/**
 * zfsVerify as the Pipeline step and the freestyle builder run it: hash on the agent, log, archive,
 * judge. Aborted, it archives and records the cancelled run's report (no manifest) before it ends.
 */
public record VerifyRunner(VerifySettings settings) implements StepRunner {
    private static final long serialVersionUID = 1L;

    @Override
    public Map<String, Object> run(Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener)
            throws IOException, InterruptedException {
        return toScriptValue(verify(run, workspace, launcher, listener));
    }

    /** Runs the verification where {@code workspace} lives and returns what it found. */
    private VerifyRun.Outcome verify(Run<?, ?> run, FilePath workspace, Launcher launcher,
                                                 TaskListener listener) throws IOException, InterruptedException {
        PrintStream log = listener.getLogger();
        log.println("zfsVerify: hashing " + settings.target() + " in " + workspace.getRemote());
        workspace.mkdirs();
        AgentCall.Answer<VerifyRun.Outcome> answer = AgentCall.act("zfsVerify", workspace,
                new VerifyCallable(earlier(run, workspace, log)), listener);
        VerifyRun.Outcome outcome = answer.value();
        outcome.log().forEach(line -> log.println("zfsVerify: " + TerminalText.line(line)));
        log.println("zfsVerify: " + outcome.summary());
        VerifyRecord record = new VerifyRecord(settings.target(), settings.compareWith(), settings.name(), outcome,
                answer.aborted());
        WorkspaceFiles.archive(run, workspace, launcher, listener, record.getArtifacts());
        ZfsReplicationAction.record(run, record);
        answer.endIfAborted("zfsVerify was aborted: " + (outcome.cancelled() == null ? "the verify had ended"
                : "its hashing threads were stopped; " + settings.name() + "-report.json says how far it got"));
        if (outcome.identical() == null) {
            return outcome;
        }
        // the reference manifest's fingerprint gets this build as a user: the build that made it (the
        // source's verify, in this job or another) and this one are linked on its fingerprint page
        FilePath reference = workspace.child(settings.compareWith());
        BuildAudit.record(run, Map.of(settings.compareWith(), reference.digest()), false);
        outcome.differences().forEach(line -> log.println("zfsVerify: " + TerminalText.line(line)));
        log.println("zfsVerify: " + outcome.comparisonSummary());
        if (outcome.mismatch() && settings.failOnMismatch()) {
            throw new AbortException("zfsVerify: " + settings.target() + " differs from " + settings.compareWith()
                    + ": " + outcome.comparisonSummary());
        }
        return outcome;
    }

    /**
     * The settings with what an incremental verify builds on: given ones as they are; with
     * {@code incremental}, the manifest of the newest earlier build that verified another snapshot
     * of the dataset under this name, copied from its artifacts into the workspace.
     */
    private VerifySettings earlier(Run<?, ?> run, FilePath workspace, PrintStream log)
            throws IOException, InterruptedException {
        if (!settings.increment().incremental() || settings.earlier() != null) {
            return settings;
        }
        EarlierManifest.Choice choice = EarlierManifest.choose(settings.target(), settings.name(),
                EarlierManifest.before(run));
        if (choice == null) {
            log.println("zfsVerify: no earlier build of this job (of the last " + EarlierManifest.BUILDS_LOOKED_AT
                    + " that ran a zfs step) archived " + settings.name() + ".manifest of another snapshot of "
                    + settings.target().substring(0, Math.max(0, settings.target().indexOf('@')))
                    + ": reading everything");
            return settings;
        }
        String refusal = choice.auditRefusal();
        if (refusal != null) {
            log.println("zfsVerify: not building on " + choice.artifact() + " of build #" + choice.build().number()
                    + " (" + choice.snapshot() + "): " + refusal + ": reading everything");
            return settings;
        }
        String copy = settings.name() + "-since.manifest";
        choice.copyTo(workspace.child(copy));
        log.println("zfsVerify: building on " + choice.artifact() + " of build #" + choice.build().number() + " ("
                + choice.snapshot() + "): reading only what changed since");
        return settings.since(choice.snapshot(), copy);
    }

    /**
     * The value a Pipeline script gets back: plain strings, numbers, booleans and lists
     * ({@code mismatches} counts every difference, {@code differences} lists the first ones).
     */
    static Map<String, Object> toScriptValue(VerifyRun.Outcome outcome) {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("summary", outcome.summary());
        value.put("artifacts", new ArrayList<>(outcome.artifacts()));
        value.put("compared", outcome.identical() != null);
        value.put("identical", outcome.identical() == null || outcome.identical());
        value.put("comparison", outcome.comparisonSummary());
        value.put("differences", new ArrayList<>(outcome.differences()));
        VerifyRun.Figures figures = outcome.figures();
        value.put("mismatches", figures.differences());
        value.put("files", figures.files());
        value.put("chunks", figures.chunks());
        value.put("bytes", figures.bytes());
        value.put("seconds", figures.seconds());
        value.put("readBytes", figures.readBytes());
        value.put("since", figures.since());
        return value;
    }
}
