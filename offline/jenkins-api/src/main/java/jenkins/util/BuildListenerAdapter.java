package jenkins.util;

import hudson.model.BuildListener;
import hudson.model.TaskListener;
import java.io.PrintStream;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/util/BuildListenerAdapter.java
 * ('final class BuildListenerAdapter implements BuildListener', @since 1.577, static
 * wrap(TaskListener)).
 */
public final class BuildListenerAdapter implements BuildListener {
    public BuildListenerAdapter(TaskListener delegate) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public PrintStream getLogger() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static BuildListener wrap(TaskListener l) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
