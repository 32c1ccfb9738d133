package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.FilePath;
import java.io.File;
import java.io.IOException;
import java.io.Serializable;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Slave.java ('abstract class
 * Slave extends Node implements Serializable'). Supertype of DumbSlave, which
 * JenkinsRule.createOnlineSlave returns. The members are those the Node stand-in leaves abstract
 * or its supertypes declare (the real Node and Slave implement them). The real constructors take a
 * ComputerLauncher; here one protected no-argument constructor stands in for them, for the DumbSlave
 * stand-in only (a plugin class extending Slave would not compile in the root build this way).
 */
public abstract class Slave extends Node implements Serializable {
    private static final long serialVersionUID = 1L;

    protected Slave() {
        // not a real signature: see the class comment
    }

    @NonNull
    @Override
    public String getNodeName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public FilePath getRootPath() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public String getDisplayName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public File getRootDir() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public void save() throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
