package hudson.tasks;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/tasks/BuildStepMonitor.java (the
 * constants' perform(...) bodies are omitted).
 */
public enum BuildStepMonitor {
    NONE,
    STEP,
    BUILD
}
