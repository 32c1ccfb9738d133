package jenkins;

import hudson.FilePath;
import org.jenkinsci.remoting.RoleChecker;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/MasterToSlaveFileCallable.java
 * (2.479 line: implements FilePath.FileCallable directly; 2.485+ implements
 * ControllerToAgentFileCallable instead).
 */
public abstract class MasterToSlaveFileCallable<T> implements FilePath.FileCallable<T> {
    private static final long serialVersionUID = 1L;

    @Override
    public void checkRoles(RoleChecker checker) throws SecurityException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
