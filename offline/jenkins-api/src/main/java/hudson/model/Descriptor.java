package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.security.Permission;
import jenkins.model.Loadable;
import jenkins.util.io.OnMaster;
import org.kohsuke.stapler.HttpResponse;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/Descriptor.java
 * ('Descriptor<T extends Describable<T>> implements Loadable, Saveable, OnMaster' with
 * jenkins.model.Loadable and jenkins.util.io.OnMaster; nested FormException).
 * configure(StaplerRequest2, JSONObject) is omitted until a step needs it. getId() and
 * getRequiredGlobalConfigPagePermission() (ADMINISTER unless overridden) are for PermissionsITest. Constructors are empty
 * so that the plugin's descriptors can be built in offline tests.
 */
public abstract class Descriptor<T extends Describable<T>> implements Loadable, Saveable, OnMaster {
    protected Descriptor(Class<? extends T> clazz) {
        // empty: the real constructor records clazz, which nothing offline reads
    }

    protected Descriptor() {
        // empty: the real constructor infers clazz from the enclosing class
    }

    public String getId() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public Permission getRequiredGlobalConfigPagePermission() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public String getDisplayName() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public synchronized void save() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @Override
    public synchronized void load() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static final class FormException extends Exception implements HttpResponse {
        public FormException(String message, String formField) {
            super(message);
        }

        public FormException(String message, Throwable cause, String formField) {
            super(message, cause);
        }

        public FormException(Throwable cause, String formField) {
            super(cause);
        }

        public String getFormField() {
            throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
        }
    }
}
