package hudson.model;

import hudson.security.AccessControlled;
import java.io.File;
import java.io.IOException;
import jenkins.model.Loadable;
import org.kohsuke.stapler.HttpDeletable;
import org.kohsuke.stapler.StaplerProxy;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/AbstractItem.java at tag
 * jenkins-2.541.3 ('extends Actionable implements Loadable, Item, HttpDeletable, AccessControlled,
 * DescriptorByNameOwner, StaplerProxy'; getUrl() is final). The constructor is empty: only the stand-ins of real
 * subclasses call it. getDisplayName/getRootDir/getFullName/save/load are the members the real class
 * implements for its supertypes, so that those stand-ins need not.
 */
public abstract class AbstractItem extends Actionable
        implements Loadable, Item, HttpDeletable, AccessControlled, DescriptorByNameOwner, StaplerProxy {
    protected AbstractItem(ItemGroup parent, String name) {
        // empty: only the stand-ins of real subclasses call it
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
    public final String getFullName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public synchronized void save() throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public void load() throws IOException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    /** Relative to the Jenkins root, ends with a slash (e.g. {@code job/nightly/}). */
    public final String getUrl() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
