package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.Nullable;
import hudson.remoting.VirtualChannel;
import hudson.security.AccessControlled;
import hudson.security.Permission;
import hudson.slaves.OfflineCause;
import jenkins.widgets.HasWidgets;
import org.kohsuke.stapler.StaplerProxy;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Computer.java at tag
 * jenkins-2.541.3: 'extends Actionable implements AccessControlled, IComputer, ExecutorListener,
 * DescriptorByNameOwner, StaplerProxy, HasWidgets' (IComputer omitted). BUILD is null here (see
 * Permission).
 */
public abstract class Computer extends Actionable
        implements AccessControlled, ExecutorListener, DescriptorByNameOwner, StaplerProxy, HasWidgets {
    public static final Permission BUILD = null;

    protected Computer(Node node) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public String getName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @CheckForNull
    public Node getNode() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Nullable
    public abstract VirtualChannel getChannel();

    public boolean isOffline() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public String getOfflineCauseReason() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public void setTemporarilyOffline(boolean temporarilyOffline, OfflineCause cause) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public boolean isAcceptingTasks() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
