package io.jenkins.plugins.zfsreplication.steps.coverage;

import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Result;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.check.CheckStatus;
import io.jenkins.plugins.zfsreplication.coverage.LedgerJson;
import io.jenkins.plugins.zfsreplication.steps.shared.AgentCall;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.WorkspaceFiles;
import io.jenkins.plugins.zfsreplication.steps.views.CoverageRecord;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import io.jenkins.plugins.zfsreplication.text.TerminalText;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * zfsCoverage as the Pipeline step and the freestyle builder run it: the ledger of the newest earlier
 * build that archived one copied from the controller's artifact store into the workspace (never
 * taken from the agent), the night run on the agent, its files archived (they join the audit chain),
 * the coverage on the build page; the build fails on a finding (a mismatch, an unreadable chunk)
 * and is UNSTABLE or fails by the coverage age against {@code warn} and {@code crit}.
 */
public record CoverageRunner(CoverageSettings settings) implements StepRunner {
    private static final long serialVersionUID = 1L;
    /** Builds looked at for the earlier ledger, newest first. */
    static final int BUILDS_LOOKED_AT = 30;

    @Override
    public Map<String, Object> run(Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener)
            throws IOException, InterruptedException {
        PrintStream log = listener.getLogger();
        workspace.mkdirs();
        Run<?, ?> earlier = earlierLedger(run);
        // written over whenever an earlier ledger is found; a stale one left in the workspace is never read
        FilePath previous = workspace.child(CoverageCallable.PREVIOUS);
        if (earlier != null) {
            try (InputStream in = earlier.getArtifactManager().root().child(LedgerJson.FILE_NAME).open();
                 OutputStream out = previous.write()) {
                in.transferTo(out);
            }
            log.println("zfsCoverage: building on the ledger of build #" + earlier.getNumber());
        }
        // aborted, the night stops reading and still writes its ledger and report: what it read counts
        AgentCall.Answer<CoverageCallable.Outcome> answer = AgentCall.act("zfsCoverage", workspace,
                new CoverageCallable(settings, earlier != null, listener), listener);
        CoverageCallable.Outcome outcome = answer.value();
        List<String> archived = new ArrayList<>();
        for (String file : CoverageCallable.FILES) {
            if (workspace.child(file).exists()) {
                archived.add(file);
            }
        }
        WorkspaceFiles.archive(run, workspace, launcher, listener, archived);
        ZfsReplicationAction.record(run, record(outcome, archived));
        outcome.findings().forEach(line -> log.println("zfsCoverage: " + TerminalText.line(line)));
        log.println("zfsCoverage: " + TerminalText.line(outcome.summary()));
        answer.endIfAborted("zfsCoverage was aborted: " + TerminalText.line(outcome.summary()));
        if (outcome.cancelled() != null) {
            // a cancelled night whose interrupt was lost on the way is still never taken for a night that ended
            throw new AbortException("zfsCoverage: the night's reads were cancelled: "
                    + TerminalText.line(outcome.cancelled()));
        }
        long findings = outcome.figures().findingCount();
        if (findings > 0) {
            throw new AbortException("zfsCoverage: " + findings + " finding(s) (" + outcome.verdict().label()
                    + "), every one in " + "coverage-night.json: " + TerminalText.line(outcome.findings().get(0)));
        }
        outcome.datasets().stream().filter(d -> d.status() != CheckStatus.OK)
                .forEach(d -> log.println("zfsCoverage: " + d.status() + " " + d.dataset() + ": " + d.reason()));
        switch (outcome.status()) {
            case CRITICAL -> throw new AbortException("zfsCoverage: the coverage age is above the critical age");
            case UNKNOWN -> throw new AbortException("zfsCoverage: the coverage age of a dataset could not be judged");
            case WARNING -> {
                log.println("zfsCoverage: marking the build UNSTABLE (the coverage age is above the warning age)");
                run.setResult(Result.UNSTABLE);
            }
            case OK -> { }
        }
        return toScriptValue(outcome);
    }

    @Override
    public String warning(Map<String, Object> value) {
        return "WARNING".equals(value.get("status")) ? "zfsCoverage: the coverage age is above the warning age" : null;
    }

    /** The newest earlier completed build (of the last {@link #BUILDS_LOOKED_AT}) that archived a ledger, or null. */
    private static Run<?, ?> earlierLedger(Run<?, ?> run) throws IOException {
        Run<?, ?> build = run.getPreviousCompletedBuild();
        for (int looked = 0; build != null && looked < BUILDS_LOOKED_AT; looked++) {
            ZfsReplicationAction action = build.getAction(ZfsReplicationAction.class);
            if (action != null && !action.getCoverage().isEmpty()
                    && build.getArtifactManager().root().child(LedgerJson.FILE_NAME).isFile()) {
                return build;
            }
            build = build.getPreviousCompletedBuild();
        }
        return null;
    }

    static CoverageRecord record(CoverageCallable.Outcome outcome, List<String> artifacts) {
        return new CoverageRecord(new CoverageRecord.Texts(outcome.summary(), outcome.verdict().label(),
                outcome.status().name(), outcome.note(), outcome.drill()), outcome.figures(), outcome.findings(),
                artifacts);
    }

    /** The value a Pipeline script gets back: plain strings, numbers, booleans and lists. */
    static Map<String, Object> toScriptValue(CoverageCallable.Outcome outcome) {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("summary", outcome.summary());
        value.put("verdict", outcome.verdict().label());
        value.put("status", outcome.status().name());
        CoverageRecord.Figures figures = outcome.figures();
        value.put("ratio", figures.ratio());
        value.put("ageSeconds", figures.ageSeconds());
        value.put("checkedBytes", figures.checkedBytes());
        value.put("findings", figures.findingCount());
        value.put("keepableNights", figures.keepableNights() < 0 ? null : figures.keepableNights());
        value.put("guaranteeKept", outcome.kept());
        value.put("drill", outcome.drill());
        return value;
    }
}
