package hudson.security;

import edu.umd.cs.findbugs.annotations.NonNull;
import org.springframework.security.access.AccessDeniedException;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/security/AccessControlled.java
 * (modern form: checkPermission/hasPermission are default methods over getACL()). getACL() is
 * omitted, so the stand-ins need no ACL type; checkPermission's unchecked AccessDeniedException
 * (Spring Security) is not declared.
 */
public interface AccessControlled {
    default void checkPermission(@NonNull Permission permission) throws AccessDeniedException {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    default boolean hasPermission(@NonNull Permission permission) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
