package jenkins.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.Nullable;
import hudson.ExtensionList;
import hudson.FilePath;
import hudson.model.AbstractCIBase;
import hudson.model.DescriptorByNameOwner;
import hudson.model.ModifiableViewGroup;
import hudson.model.Node;
import hudson.security.AccessControlled;
import hudson.security.AuthorizationStrategy;
import hudson.security.Permission;
import hudson.security.SecurityRealm;
import java.io.File;
import jakarta.servlet.ServletContext;
import java.io.IOException;
import java.util.List;
import org.jvnet.hudson.reactor.ReactorException;
import jenkins.util.io.OnMaster;
import org.kohsuke.stapler.StaplerFallback;
import org.kohsuke.stapler.StaplerProxy;
import org.springframework.security.core.Authentication;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/jenkins/model/Jenkins.java ('class Jenkins
 * extends AbstractCIBase implements DirectlyModifiableTopLevelItemGroup, StaplerProxy,
 * StaplerFallback, ModifiableViewGroup, AccessControlled, DescriptorByNameOwner,
 * ModelObjectWithContextMenu, ModelObjectWithChildren, OnMaster, Loadable'; getInstance() is
 * @Nullable @Deprecated there). Only get/getInstance/getNode and the permission checks (inherited
 * from AccessControlled) are for the plugin; the other members are those the real class
 * implements for its supertypes. ADMINISTER and READ are null here (see Permission).
 * setSecurityRealm, setAuthorizationStrategy and getExtensionList are for PermissionsITest.
 */
public class Jenkins extends AbstractCIBase
        implements DirectlyModifiableTopLevelItemGroup, StaplerProxy, StaplerFallback, ModifiableViewGroup,
                AccessControlled, DescriptorByNameOwner, ModelObjectWithContextMenu, ModelObjectWithChildren,
                OnMaster, Loadable {
    public static final Permission ADMINISTER = null;
    public static final Permission READ = null;

    protected Jenkins(File root, ServletContext context) throws IOException, InterruptedException, ReactorException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void setSecurityRealm(@CheckForNull SecurityRealm securityRealm) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void setAuthorizationStrategy(@CheckForNull AuthorizationStrategy a) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public <T> ExtensionList<T> getExtensionList(Class<T> extensionType) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public static Jenkins get() throws IllegalStateException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public static Authentication getAuthentication2() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Nullable
    @Deprecated
    public static Jenkins getInstance() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public List<Node> getNodes() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public Node getNode(String name) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public String getDisplayName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public hudson.model.FingerprintMap getFingerprintMap() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public FilePath getRootPath() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public File getRootDir() {
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
}
