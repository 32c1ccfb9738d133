package io.jenkins.plugins.zfsreplication.steps.shared;

import io.jenkins.plugins.zfsreplication.files.InterruptCleared;
import io.jenkins.plugins.zfsreplication.steps.audit.BuildAudit;
import java.io.IOException;
import java.io.Serializable;
import java.util.Map;

import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;

/**
 * One step's work with its settings checked and the system defaults applied on the controller: the
 * one code path that the Pipeline execution ({@link ZfsStepExecution}) and the freestyle builder
 * ({@link ZfsStepBuilder}) both run. It calls the agents, archives the artifacts, adds the step's
 * record to the build page and fails the build with the reason. Serializable: a running Pipeline
 * keeps it in its program state (program.dat), written with the JBoss Marshalling workflow-support
 * bundles. Before 2.3.0 that library reads a record's components only where the record and its
 * accessors are public, so every implementation, and every record it holds, is a public record or
 * a plain class ({@code ProgramDataTest} writes each one with both versions). It holds settings
 * only: the run, workspace, launcher and listener come from the step's context each time it runs.
 */
public interface StepRunner extends Serializable {
    /** @return the value a Pipeline script gets back (plain strings, numbers, booleans and lists) */
    Map<String, Object> run(Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener)
            throws IOException, InterruptedException;

    /**
     * Why the step, ending with {@code value}, leaves its stage UNSTABLE (it marked the build so), or
     * null: a Pipeline marks the step's node with it, so that Pipeline views show the stage as the
     * build is. Most steps never do.
     */
    default String warning(Map<String, Object> value) {
        return null;
    }

    /**
     * Runs {@code runner}, then brings the build's audit.json and fingerprints up to date with what
     * it archived, also when the step failed or was aborted (then with the interrupt cleared
     * meanwhile, and an audit failure added to the step's, never hiding it).
     */
    static Map<String, Object> runAudited(StepRunner runner, Run<?, ?> run, FilePath workspace, Launcher launcher,
                                          TaskListener listener) throws IOException, InterruptedException {
        Map<String, Object> value;
        try {
            value = runner.run(run, workspace, launcher, listener);
        } catch (IOException | InterruptedException | RuntimeException failure) {
            InterruptCleared.run(() -> {
                try {
                    BuildAudit.update(run, launcher, listener);
                } catch (IOException | InterruptedException | RuntimeException audit) {
                    listener.error("audit.json not written: " + audit);
                    failure.addSuppressed(audit);
                }
            });
            throw failure;
        }
        BuildAudit.update(run, launcher, listener);
        return value;
    }
}
