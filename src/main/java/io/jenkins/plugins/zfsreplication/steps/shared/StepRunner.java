package io.jenkins.plugins.zfsreplication.steps.shared;

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
 * keeps it in its program state.
 */
public interface StepRunner extends Serializable {
    /** @return the value a Pipeline script gets back (plain strings, numbers, booleans and lists) */
    Map<String, Object> run(Run<?, ?> run, FilePath workspace, Launcher launcher, TaskListener listener)
            throws IOException, InterruptedException;
}
