package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import edu.umd.cs.findbugs.annotations.Nullable;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.userdetails.UsernameNotFoundException;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/model/User.java at tag jenkins-2.541.3
 * ('public class User extends AbstractModelObject implements AccessControlled, DescriptorByNameOwner,
 * Loadable, Saveable, Comparable&lt;User&gt;, ModelObjectWithContextMenu, StaplerProxy'; every
 * supertype omitted). Its private no-argument constructor; getById and impersonate2 (since 2.266),
 * with which PermissionsITest runs code as a user and gives a job's builds a user's authentication.
 */
public class User {
    private User() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static @Nullable User getById(String id, boolean create) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public @NonNull Authentication impersonate2() throws UsernameNotFoundException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
