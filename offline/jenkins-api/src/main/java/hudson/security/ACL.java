package hudson.security;

import edu.umd.cs.findbugs.annotations.NonNull;
import org.springframework.security.core.Authentication;

/**
 * Compile-only stand-in (see docs/architecture.md); no behaviour.
 * Checked against jenkinsci/jenkins core/src/main/java/hudson/security/ACL.java at tag jenkins-2.541.3
 * ('public abstract class ACL'; its constructor is the implicit public one). Only as2: a zfs step's
 * worker thread runs as the authentication that started the step.
 */
public abstract class ACL {
    public ACL() {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }

    @NonNull
    public static ACLContext as2(@NonNull Authentication auth) {
        throw new UnsupportedOperationException("compile-only stand-in: runs inside Jenkins only");
    }
}
