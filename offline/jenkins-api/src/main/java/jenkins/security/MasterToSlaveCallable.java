package jenkins.security;

import hudson.remoting.Callable;
import org.jenkinsci.remoting.RoleChecker;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins
 * core/src/main/java/jenkins/security/MasterToSlaveCallable.java (2.479 line: implements Callable
 * directly; 2.485+ implements ControllerToAgentCallable instead).
 */
public abstract class MasterToSlaveCallable<V, T extends Throwable> implements Callable<V, T> {
    private static final long serialVersionUID = 1L;

    @Override
    public void checkRoles(RoleChecker checker) throws SecurityException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
