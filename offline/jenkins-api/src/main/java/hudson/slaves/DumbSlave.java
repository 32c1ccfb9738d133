package hudson.slaves;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Descriptor;
import hudson.model.Slave;
import java.io.IOException;
import org.kohsuke.stapler.DataBoundConstructor;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/slaves/DumbSlave.java at tag jenkins-2.541.3
 * ('public final class DumbSlave extends Slave', no serialVersionUID of its own): the return type
 * of JenkinsRule.createOnlineSlave. Only its @DataBoundConstructor; tests get agents from
 * JenkinsRule.
 */
public final class DumbSlave extends Slave {
    @DataBoundConstructor
    public DumbSlave(@NonNull String name, String remoteFS, ComputerLauncher launcher) throws Descriptor.FormException, IOException {
        super(name, remoteFS, launcher);
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
