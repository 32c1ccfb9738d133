package hudson.model;

import java.io.File;
import java.io.IOException;

import edu.umd.cs.findbugs.annotations.NonNull;
import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.ExtensionPoint;
import hudson.FilePath;
import hudson.model.labels.LabelAtom;
import hudson.model.queue.CauseOfBlockage;
import hudson.remoting.VirtualChannel;
import hudson.security.AccessControlled;
import jenkins.util.io.OnMaster;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Node.java (post-2.475 file:
 * 'extends AbstractModelObject implements ReconfigurableDescribable<Node>, ExtensionPoint,
 * AccessControlled, OnMaster, PersistenceRoot'; older copies implement Saveable instead of
 * PersistenceRoot, and the release that switched was not pinned down: see docs/architecture.md).
 */
public abstract class Node extends AbstractModelObject
        implements ReconfigurableDescribable<Node>, ExtensionPoint, AccessControlled, OnMaster, PersistenceRoot {
    @NonNull
    public abstract String getNodeName();

    @CheckForNull
    public abstract FilePath getRootPath();

    @CheckForNull
    public final Computer toComputer() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public final VirtualChannel getChannel() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public LabelAtom getSelfLabel() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public CauseOfBlockage canTake(Queue.BuildableItem item) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public String getDisplayName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public void save() throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public File getRootDir() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public FilePath createPath(String absolutePath) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    /**
     * Real: 'enum Mode' with a Localizable description (constructor and members omitted; the
     * constants are the real ones).
     */
    public enum Mode {
        NORMAL,
        EXCLUSIVE
    }
}
