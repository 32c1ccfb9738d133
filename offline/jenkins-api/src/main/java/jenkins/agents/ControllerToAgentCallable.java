package jenkins.agents;

import hudson.remoting.Callable;
import org.jenkinsci.remoting.RoleChecker;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/agents/ControllerToAgentCallable.java
 * at tag jenkins-2.541.3 ('public interface ControllerToAgentCallable&lt;V, T extends Throwable&gt;
 * extends Callable&lt;V, T&gt;', its checkRoles a default method): MasterToSlaveCallable's supertype
 * since 2.485.
 */
public interface ControllerToAgentCallable<V, T extends Throwable> extends Callable<V, T> {
    @Override
    default void checkRoles(RoleChecker checker) throws SecurityException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
