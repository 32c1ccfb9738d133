package io.jenkins.plugins.zfsreplication.steps.shared;

import java.io.File;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import hudson.AbortException;
import hudson.remoting.VirtualChannel;
import io.jenkins.plugins.zfsreplication.steps.audit.BuildAudit;
import io.jenkins.plugins.zfsreplication.files.InputFile;
import io.jenkins.plugins.zfsreplication.files.InputFileException;
import io.jenkins.plugins.zfsreplication.plan.PlanJson;
import jenkins.MasterToSlaveFileCallable;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import jenkins.util.BuildListenerAdapter;

/** The workspace files the steps read and archive. */
public final class WorkspaceFiles {
    private WorkspaceFiles() {
    }

    /**
     * The plan.json an earlier zfsSnapshotPlan left, as text; fails the build when it is not there.
     * Read on the agent as every input file is ({@link InputFile}): a FIFO or /dev/zero planted as
     * plan.json fails the build with one line instead of hanging the step or filling the heap.
     */
    public static String readPlan(FilePath plan) throws IOException, InterruptedException {
        if (!plan.exists()) {
            throw new AbortException("No plan at " + plan.getRemote() + ": run zfsSnapshotPlan first or fix 'plan'");
        }
        return plan.act(new ReadPlan());
    }

    /** Reads a plan where it lies, bounded and strict. */
    static final class ReadPlan extends MasterToSlaveFileCallable<String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String invoke(File file, VirtualChannel channel) throws IOException {
            try {
                return InputFile.readText(file.toPath(), "the plan", PlanJson.MAX_BYTES);
            } catch (InputFileException e) {
                throw new AbortException(e.getMessage());
            }
        }
    }

    /**
     * Archives {@code files} (workspace-relative) under the same artifact paths. The names come from
     * the step's settings, never from what an agent returned (agents are not trusted).
     */
    public static void archive(Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener,
                               List<String> files) throws IOException, InterruptedException {
        if (files.isEmpty()) {
            return;
        }
        Map<String, String> artifacts = new LinkedHashMap<>();
        files.forEach(file -> artifacts.put(file, file));
        BuildAudit.archived(run, files); // the audit reads them again, whatever it read of them before
        run.pickArtifactManager().archive(workspace, launcher, BuildListenerAdapter.wrap(listener), artifacts);
    }
}
