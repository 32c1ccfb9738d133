package hudson.slaves;

import hudson.model.Slave;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/slaves/DumbSlave.java ('final class
 * DumbSlave extends Slave'): the return type of JenkinsRule.createOnlineSlave. Its constructors
 * (the @DataBoundConstructor takes a ComputerLauncher) are not modelled: tests get agents from
 * JenkinsRule.
 */
public final class DumbSlave extends Slave {
    private static final long serialVersionUID = 1L;

    private DumbSlave() {
        // agents come from JenkinsRule.createOnlineSlave
    }
}
