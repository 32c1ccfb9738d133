package io.jenkins.plugins.zfsreplication.steps.restore;

import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.files.InputFileException;
import io.jenkins.plugins.zfsreplication.restore.DrillException;
import io.jenkins.plugins.zfsreplication.restore.DrillJson;
import io.jenkins.plugins.zfsreplication.restore.DrillRecord;
import io.jenkins.plugins.zfsreplication.restore.RestoreDrill;
import io.jenkins.plugins.zfsreplication.steps.shared.AgentCall;
import io.jenkins.plugins.zfsreplication.steps.shared.StepRunner;
import io.jenkins.plugins.zfsreplication.steps.shared.WorkspaceFiles;
import io.jenkins.plugins.zfsreplication.steps.views.DrillStepRecord;
import io.jenkins.plugins.zfsreplication.steps.views.ZfsReplicationAction;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * zfsRestoreDrill as the Pipeline step and the freestyle builder run it: the drill on the agent,
 * then its files archived (restore-drill.json joins the audit chain), its record read back from
 * the archive and shown on the build page, the build failed unless the copy was identical and the
 * scratch dataset is gone. After an abort the final record is waited for ({@link AgentCall}) and
 * archived too.
 */
public record RestoreDrillRunner(RestoreDrillSettings settings) implements StepRunner {
    private static final long serialVersionUID = 1L;
    /** restore-drill.json is one small record; far more than it ever holds. */
    static final long MAX_RECORD_BYTES = 1L << 20;
    /** What a drill writes into the workspace: names fixed here, never taken from the agent. */
    static final List<String> FILES = List.of(DrillRecord.FILE_NAME, RestoreDrill.NAME + ".manifest",
            RestoreDrill.NAME + "-report.json", RestoreDrill.NAME + "-throughput.csv", RestoreDrill.NAME + "-throughput.svg");

    @Override
    public Map<String, Object> run(Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener)
            throws IOException, InterruptedException {
        PrintStream log = listener.getLogger();
        log.println("zfsRestoreDrill: restoring " + settings.snapshot() + " into " + settings.scratch() + " on "
                + workspace.getRemote());
        workspace.mkdirs();
        AgentCall.Answer<Void> answer;
        try {
            // aborted, the drill destroys its scratch dataset and writes its final record before it answers
            answer = AgentCall.act("zfsRestoreDrill", workspace, new RestoreDrillCallable(settings, listener), listener);
        } catch (InterruptedException ended) {
            listener.error("zfsRestoreDrill: check " + settings.scratch() + " on the agent: restore-drill.json in the "
                    + "workspace says whether the drill destroyed it");
            throw ended;
        }
        DrillStepRecord record = archive(run, workspace, launcher, listener);
        answer.endIfAborted("zfsRestoreDrill was aborted: " + (record == null ? "it had not begun"
                : record.getSummary()));
        if (record == null) {
            throw new AbortException("zfsRestoreDrill: the drill wrote no " + DrillRecord.FILE_NAME);
        }
        log.println("zfsRestoreDrill: " + record.getSummary());
        if (record.getError() != null) {
            log.println("zfsRestoreDrill: error: " + record.getError());
        }
        if (!record.isPassed()) {
            throw new AbortException("zfsRestoreDrill: " + record.getSummary()
                    + (record.getError() == null ? "" : ": " + record.getError()));
        }
        return toScriptValue(record);
    }

    /**
     * Archives the drill's files that exist, then reads its record back from the archive and adds
     * it to the build page; null when the drill wrote none (it refused to start).
     */
    private static DrillStepRecord archive(Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener)
            throws IOException, InterruptedException {
        List<String> present = new ArrayList<>();
        for (String file : FILES) {
            if (workspace.child(file).exists()) {
                present.add(file);
            }
        }
        if (!present.contains(DrillRecord.FILE_NAME)) {
            return null;
        }
        WorkspaceFiles.archive(run, workspace, launcher, listener, present);
        DrillRecord record;
        try (InputStream in = run.getArtifactManager().root().child(DrillRecord.FILE_NAME).open()) {
            record = readRecord(in);
        }
        DrillStepRecord shown = new DrillStepRecord(record, summary(record), present);
        ZfsReplicationAction.record(run, shown);
        return shown;
    }

    /** The archived record, which the agent wrote: at most {@link #MAX_RECORD_BYTES}, checked as a drill record. */
    static DrillRecord readRecord(InputStream in) throws IOException {
        try {
            return DrillJson.read(InputFile.readBytes(in, "the archived " + DrillRecord.FILE_NAME, MAX_RECORD_BYTES));
        } catch (DrillException | InputFileException e) {
            throw new AbortException("zfsRestoreDrill: " + e.getMessage());
        }
    }

    static String summary(DrillRecord record) {
        return String.format(Locale.ROOT, "restore drill %s@%s -> %s on %s: %s; %d bytes received in %.1f s "
                        + "(recovery time), verified in %.1f s; scratch dataset %s", record.dataset(), record.snapshot(),
                record.subject().scratch(), record.host(), record.result(), record.outcome().bytes(), record.outcome().receiveSeconds(),
                record.outcome().verifySeconds(), record.outcome().scratchDestroyed() ? "destroyed" : "NOT destroyed");
    }

    /** The value a Pipeline script gets back: plain strings, numbers, booleans and lists. */
    static Map<String, Object> toScriptValue(DrillStepRecord record) {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("summary", record.getSummary());
        value.put("result", record.getResult());
        value.put("identical", "identical".equals(record.getResult()));
        value.put("bytes", record.getBytes());
        value.put("receiveSeconds", record.getReceiveSeconds());
        value.put("verifySeconds", record.getVerifySeconds());
        value.put("scratchDestroyed", record.isScratchDestroyed());
        value.put("comparison", record.getComparison());
        value.put("artifacts", new ArrayList<>(record.getArtifacts()));
        return value;
    }
}
