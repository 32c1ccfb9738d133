package io.jenkins.plugins.zfsreplication.steps.shared;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import jenkins.util.BuildListenerAdapter;

/** The workspace files the steps read and archive. */
public final class WorkspaceFiles {
    private WorkspaceFiles() {
    }

    /** The plan.json an earlier zfsSnapshotPlan left, as text; fails the build when it is not there. */
    public static String readPlan(FilePath plan) throws IOException, InterruptedException {
        if (!plan.exists()) {
            throw new AbortException("No plan at " + plan.getRemote() + ": run zfsSnapshotPlan first or fix 'plan'");
        }
        try (InputStream in = plan.read()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
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
        run.pickArtifactManager().archive(workspace, launcher, BuildListenerAdapter.wrap(listener), artifacts);
    }
}
