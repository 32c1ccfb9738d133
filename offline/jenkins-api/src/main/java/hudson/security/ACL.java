package hudson.security;

import edu.umd.cs.findbugs.annotations.NonNull;
import java.util.function.BiFunction;
import org.springframework.security.core.Authentication;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/security/ACL.java at tag jenkins-2.541.3
 * ('public abstract class ACL'; its constructor is the implicit public one). Only as2, with which a
 * zfs step's worker thread runs as the authentication that started the step, and SYSTEM2, as which
 * the system configuration's credentials dropdown lists credentials. hasPermission2 and lambda2 (both
 * since 2.266, neither final) for PermissionsITest's authorization strategy.
 */
public abstract class ACL {
    /** The system's own authentication; null here (nothing offline authenticates). */
    public static final Authentication SYSTEM2 = null;

    public ACL() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public boolean hasPermission2(@NonNull Authentication a, @NonNull Permission permission) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    public static ACL lambda2(final BiFunction<Authentication, Permission, Boolean> impl) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public static ACLContext as2(@NonNull Authentication auth) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
