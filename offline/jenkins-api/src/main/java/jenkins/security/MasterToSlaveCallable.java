package jenkins.security;

import jenkins.agents.ControllerToAgentCallable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/security/MasterToSlaveCallable.java
 * at tag jenkins-2.541.3 ('public abstract class MasterToSlaveCallable&lt;V, T extends Throwable&gt;
 * implements ControllerToAgentCallable&lt;V, T&gt;', no member but serialVersionUID: checkRoles is
 * the interface's default since 2.485).
 */
public abstract class MasterToSlaveCallable<V, T extends Throwable> implements ControllerToAgentCallable<V, T> {
    private static final long serialVersionUID = 1L;
}
