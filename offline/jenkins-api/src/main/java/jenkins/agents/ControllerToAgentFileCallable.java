package jenkins.agents;

import hudson.FilePath;
import org.jenkinsci.remoting.RoleChecker;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/agents/ControllerToAgentFileCallable.java
 * at tag jenkins-2.541.3 ('public interface ControllerToAgentFileCallable&lt;T&gt; extends
 * FilePath.FileCallable&lt;T&gt;', its checkRoles a default method): MasterToSlaveFileCallable's
 * supertype since 2.485.
 */
public interface ControllerToAgentFileCallable<T> extends FilePath.FileCallable<T> {
    @Override
    default void checkRoles(RoleChecker checker) throws SecurityException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
