package jenkins;

import jenkins.agents.ControllerToAgentFileCallable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/MasterToSlaveFileCallable.java at
 * tag jenkins-2.541.3 ('public abstract class MasterToSlaveFileCallable&lt;T&gt; implements
 * ControllerToAgentFileCallable&lt;T&gt;', no member but serialVersionUID: checkRoles is the
 * interface's default since 2.485).
 */
public abstract class MasterToSlaveFileCallable<T> implements ControllerToAgentFileCallable<T> {
    private static final long serialVersionUID = 1L;
}
