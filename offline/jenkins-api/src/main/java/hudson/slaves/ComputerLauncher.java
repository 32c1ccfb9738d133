package hudson.slaves;

import hudson.ExtensionPoint;
import hudson.model.Describable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/slaves/ComputerLauncher.java at tag jenkins-2.541.3
 * ('public abstract class ComputerLauncher implements Describable&lt;ComputerLauncher&gt;,
 * ExtensionPoint', no constructor declared). Placeholder: a parameter type of the Slave and
 * DumbSlave constructors; its members are omitted.
 */
public abstract class ComputerLauncher implements Describable<ComputerLauncher>, ExtensionPoint {
}
