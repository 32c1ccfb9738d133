package hudson.model;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.FilePath;
import hudson.slaves.ComputerLauncher;
import java.io.IOException;
import java.io.Serializable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Slave.java at tag
 * jenkins-2.541.3 ('public abstract class Slave extends Node implements Serializable', no
 * serialVersionUID of its own). Supertype of DumbSlave, which JenkinsRule.createOnlineSlave
 * returns. Its non-deprecated constructor and the two members it implements of Node.
 */
public abstract class Slave extends Node implements Serializable {
    protected Slave(@NonNull String name, String remoteFS, ComputerLauncher launcher) throws Descriptor.FormException, IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    @Override
    public String getNodeName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void setMode(Node.Mode mode) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void setLabelString(String labelString) throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    @CheckForNull
    public FilePath getRootPath() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
